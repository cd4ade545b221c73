import type { SessionsPage, SessionsQuery } from '#shared/schemas/sessions.ts';
import { PAGE_SIZE_MAX } from '#shared/constants.ts';
import type { AppDatabase } from '../../db/client.ts';
import { createKeptAnswers, type KeptAnswersBounds } from '../analytics/kept-answers.ts';

/**
 * What one instance keeps of the history's pages, the least recently asked going first: at most
 * 500 pages and 10,000 of their sessions, which took about 320 bytes of heap each in the
 * bench's data (longer names take more), so 3–5 MiB at most; any page fits (200 sessions at
 * most). A trader asks for a few pages a visit:
 * the dashboard's latest sessions and screenshots, the history's first page with its filters.
 */
export const KEPT_PAGES: KeptAnswersBounds = {
  max: 500,
  maxSize: 10_000,
  maxEntrySize: PAGE_SIZE_MAX + 1,
};

/** One key per page: every field of the query, in a fixed order, absent ones included. */
function keyOf(query: SessionsQuery): string {
  const { limit, cursor, from, to, sessionTypeId, band, hasScreenshot } = query;
  return JSON.stringify([limit, cursor, from, to, sessionTypeId, band, hasScreenshot]);
}

/**
 * The pages of the trader's history an instance keeps while the trader's sessions are
 * unchanged: the same version as the analytics answers, changed by every session write.
 */
export function createKeptPages(database: AppDatabase) {
  const kept = createKeptAnswers(
    database,
    KEPT_PAGES,
    (page: SessionsPage) => page.sessions.length + 1,
  );
  return {
    page: (
      userId: number,
      query: SessionsQuery,
      compute: () => Promise<SessionsPage>,
      knownVersion?: string | null,
    ) => kept.answer(userId, keyOf(query), compute, knownVersion),
  };
}
