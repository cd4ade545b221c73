import type { ResultPreferences } from '#client/components/result-preferences.tsx';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  disciplinePaysSchema,
  type DisciplinePaysQueryInput,
} from '#shared/schemas/discipline-pays.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Results by compliance band, per rule and as a scatter, over the days the query names. */
export function getDisciplinePays(
  query: DisciplinePaysQueryInput,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest('/api/analytics/discipline-pays', {
    query,
    schema: disciplinePaysSchema,
    signal,
  });
}

/**
 * The trader's money settings are part of the key: switching privacy mode or the currency in
 * settings (which refreshes the login) asks again at once, so no money figure stays on screen.
 */
export function useDisciplinePays(query: DisciplinePaysQueryInput, results: ResultPreferences) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.analytics.disciplinePays({
        ...query,
        hideMoney: results.hideMoney,
        currency: results.currency,
      }),
      queryFn: ({ signal }) => getDisciplinePays(query, { signal }),
      // Another range keeps the figures on screen (dimmed) until its own arrive, but money
      // figures never outlive the switch that hides them.
      placeholderData: (previous) =>
        previous && (previous.hideMoney || !results.hideMoney)
          ? keepPreviousData(previous)
          : undefined,
    }),
  );
}

export type DisciplinePaysResult = ReturnType<typeof useDisciplinePays>;
