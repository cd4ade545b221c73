import { LRUCache } from 'lru-cache';
import type { Analytics } from '#shared/schemas/analytics.ts';
import type { AppDatabase } from '../../db/client.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import type { AnalyticsWindows } from './analytics.shape.ts';

/**
 * How many answers one instance keeps, the least recently asked going first. One is about 15
 * kB of heap for five years of 20 rules: a few MiB at most. A trader asks for a few windows
 * a day (the dashboard's and the analytics screen's, on each visit and focus).
 */
const KEPT_ANSWERS = 500;

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
    max: KEPT_ANSWERS,
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
