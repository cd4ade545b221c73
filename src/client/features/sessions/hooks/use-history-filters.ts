import { useSearchParams } from 'wouter';
import type { z } from '#shared/zod.ts';
import type { ComplianceBand } from '#shared/compliance.ts';
import { sessionsQuerySchema } from '#shared/schemas/sessions.ts';
import type { SessionFilters } from '../api/get-sessions.ts';

/** The history's filters as the page shows them; `undefined` is "no filter". */
export type HistoryFilters = {
  /** First and last calendar day, `YYYY-MM-DD`, both included. */
  from?: string | undefined;
  to?: string | undefined;
  sessionTypeId?: number | undefined;
  band?: ComplianceBand | undefined;
};

/** One query field checked as the server checks it; anything it would refuse is `undefined`. */
function parseField<Output>(
  schema: z.ZodMiniType<Output>,
  value: string | null,
): Output | undefined {
  const result = schema.safeParse(value ?? undefined);
  return result.success ? result.data : undefined;
}

const fields = sessionsQuerySchema.shape;

/**
 * A value the server would refuse is shown as no filter: a hand-edited or outdated bookmark
 * must still open the history, not an error (or a request that fails again on every refresh).
 */
export function parseHistoryFilters(params: URLSearchParams): HistoryFilters {
  return {
    from: parseField(fields.from, params.get('from')),
    to: parseField(fields.to, params.get('to')),
    sessionTypeId: parseField(fields.sessionTypeId, params.get('type')),
    band: parseField(fields.band, params.get('band')),
  };
}

function toSearchParams(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.sessionTypeId) params.set('type', String(filters.sessionTypeId));
  if (filters.band) params.set('band', filters.band);
  return params;
}

/**
 * The history's filters, kept in the URL (`?from=2026-03-01&to=…&type=3&band=red`) so that a
 * filtered view can be bookmarked and survives a reload. A change replaces the history entry:
 * Back leaves the page rather than stepping through every filter tried.
 */
export function useHistoryFilters() {
  const [params, setParams] = useSearchParams();
  const filters = parseHistoryFilters(params);
  const query: SessionFilters = {
    from: filters.from,
    to: filters.to,
    sessionTypeId: filters.sessionTypeId === undefined ? undefined : String(filters.sessionTypeId),
    band: filters.band,
  };

  const setFilters = (next: HistoryFilters) => setParams(toSearchParams(next), { replace: true });

  return {
    filters,
    /** The filters as the API takes them. */
    query,
    /** Identifies the filtered view: the selection belongs to one view. */
    key: toSearchParams(filters).toString(),
    hasFilters: Object.values(filters).some((value) => value !== undefined),
    changeFilters: (change: HistoryFilters) => setFilters({ ...filters, ...change }),
    clearFilters: () => setFilters({}),
  };
}
