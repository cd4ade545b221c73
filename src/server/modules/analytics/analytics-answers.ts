import type { Analytics } from '#shared/schemas/analytics.ts';
import type { AppDatabase } from '../../db/client.ts';
import type { AnalyticsWindows } from './analytics.shape.ts';
import { createKeptAnswers, type KeptAnswersBounds } from './kept-answers.ts';

/**
 * What one instance keeps, the least recently asked going first: at most 500 answers and 20,000
 * of their rows (months and rules), which took about 270 bytes of heap each, so about 5 MiB at
 * most. Five years of 20 rules is 87 rows. The dates a session may have (the years 1900 to
 * 9998) would let one trader's months run to tens of thousands: an answer of more than 2,000
 * rows is computed each time and never kept. A trader asks for a few windows a day (the
 * dashboard's and the analytics screen's, on each visit and focus).
 */
export const KEPT_ANSWERS: KeptAnswersBounds = { max: 500, maxSize: 20_000, maxEntrySize: 2_000 };

/** An answer's size, in rows. */
function rowsOf(answer: Analytics): number {
  return 1 + answer.ruleCompliance.length + answer.monthlyTrends.length;
}

/** One key per windows: a query without a range names the windows by its today. */
function keyOf({ overall, details }: AnalyticsWindows): string {
  return [overall.from, overall.to, details.from, details.to].map((part) => part ?? '').join(' ');
}

/** The analytics answers an instance keeps while the trader's sessions are unchanged. */
export function createAnalyticsAnswers(database: AppDatabase) {
  const kept = createKeptAnswers(database, KEPT_ANSWERS, rowsOf);
  return {
    answer: (
      userId: number,
      windows: AnalyticsWindows,
      compute: () => Promise<Analytics>,
      knownVersion?: string | null,
    ) => kept.answer(userId, keyOf(windows), compute, knownVersion),
  };
}
