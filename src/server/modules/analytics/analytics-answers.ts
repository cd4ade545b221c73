import { LRUCache } from 'lru-cache';
import type { Analytics } from '#shared/schemas/analytics.ts';
import type { AppDatabase } from '../../db/client.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import type { AnalyticsWindows } from './analytics.shape.ts';

/**
 * What one instance keeps, the least recently asked going first: at most 500 answers and 20,000
 * of their rows (months and rules), which took about 270 bytes of heap each, so about 5 MiB at
 * most. Five years of 20 rules is 87 rows. The dates a session may have (the years 1900 to
 * 9999) would let one trader's months run to tens of thousands: an answer of more than 2,000
 * rows is computed each time and never kept. A trader asks for a few windows a day (the
 * dashboard's and the analytics screen's, on each visit and focus).
 */
export const KEPT_ANSWERS = { max: 500, maxSize: 20_000, maxEntrySize: 2_000 };

/** An answer's size, in rows. */
function rowsOf(answer: Analytics): number {
  return 1 + answer.ruleCompliance.length + answer.monthlyTrends.length;
}

const selectSummariesVersion = prepareQuery<{ userId: number }, { version: string }>((db, param) =>
  db.selectFrom('users').select('summaries_version as version').where('id', '=', param('userId')),
);

/** One key per trader and windows: a query without a range names the windows by its today. */
function keyOf(userId: number, { overall, details }: AnalyticsWindows): string {
  return [userId, overall.from, overall.to, details.from, details.to]
    .map((part) => part ?? '')
    .join(' ');
}

/**
 * The answers of recent analytics requests, each kept with the version of the trader's
 * summaries it was computed from. Every write of a trader's sessions recounts the summaries
 * and changes that version in the same transaction (`analytics-summaries.ts`), so a kept
 * answer is given again only while the database still says what it was computed from; any
 * instance's write ends it on every instance. The version is read before the figures, so a
 * kept answer is never older than the version it is kept under.
 */
export function createAnalyticsAnswers({ db }: AppDatabase) {
  const kept = new LRUCache<string, { version: string; answer: Analytics }>({
    ...KEPT_ANSWERS,
    sizeCalculation: ({ answer }) => rowsOf(answer),
  });

  return {
    async answer(
      userId: number,
      windows: AnalyticsWindows,
      compute: () => Promise<Analytics>,
    ): Promise<Analytics> {
      const [trader] = await selectSummariesVersion(db, { userId });
      // A trader deleted meanwhile: nothing worth keeping.
      if (!trader) return compute();
      const key = keyOf(userId, windows);
      const known = kept.get(key);
      if (known?.version === trader.version) return known.answer;
      const answer = await compute();
      kept.set(key, { version: trader.version, answer });
      return answer;
    },
  };
}
