import { LRUCache } from 'lru-cache';
import type { AppDatabase } from '../../db/client.ts';
import { prepareQuery } from '../../db/prepared-query.ts';

/** How much one kind of answer may keep, in the units of its `sizeOf` (its rows). */
export interface KeptAnswersBounds {
  /** Answers at most. */
  max: number;
  /** Rows of all of them at most. */
  maxSize: number;
  /** A larger answer is computed each time and never kept. */
  maxEntrySize: number;
}

/**
 * The versions of a trader's data that kept answers are checked against, each changed by every
 * write of its part in the write's transaction: `sessions` by a session write
 * (`analytics-summaries.ts`), `rules` by a rule write (`rules.repository.ts`).
 */
export interface TraderVersions {
  sessions: string;
  rules: string;
}

const selectVersion = {
  sessions: prepareQuery<{ userId: number }, { version: string }>((db, param) =>
    db.selectFrom('users').select('summaries_version as version').where('id', '=', param('userId')),
  ),
  rules: prepareQuery<{ userId: number }, { version: string }>((db, param) =>
    db.selectFrom('users').select('rules_version as version').where('id', '=', param('userId')),
  ),
} satisfies Record<keyof TraderVersions, unknown>;

/**
 * Answers read from one part of a trader's data (`of`: the sessions for figures, pages of the
 * history and details; the rules for their list), each kept with the version of that part it
 * was computed from. Every write of the part changes its version in the same transaction, so a
 * kept answer is given again only while the database still says what it was computed from;
 * any instance's write ends it on every instance. The version is read before the answer is
 * computed, so a kept answer is never older than the version it is kept under. Kept answers are
 * shared between requests: nothing may change one.
 *
 * A request of the trader's own reads the versions with its login (`request.versions`) and
 * passes the one needed as `knownVersion`, saving a query (on PostgreSQL a round trip) per
 * answer. It was read before the answer, as this needs; a request that wrote the trader's data
 * after its login was read must not pass it, as the write changed the version.
 */
export function createKeptAnswers<Answer extends object>(
  { db }: AppDatabase,
  bounds: KeptAnswersBounds,
  sizeOf: (answer: Answer) => number,
  of: keyof TraderVersions = 'sessions',
) {
  const kept = new LRUCache<string, { version: string; answer: Answer }>({
    ...bounds,
    sizeCalculation: ({ answer }) => sizeOf(answer),
  });

  return {
    /** The trader's answer to the question `key` names, kept or computed. */
    async answer(
      userId: number,
      key: string,
      compute: () => Promise<Answer>,
      knownVersion?: string | null,
    ): Promise<Answer> {
      const version = knownVersion ?? (await selectVersion[of](db, { userId }))[0]?.version;
      // A trader deleted meanwhile: nothing worth keeping.
      if (version === undefined) return compute();
      const traderKey = `${userId} ${key}`;
      const known = kept.get(traderKey);
      if (known?.version === version) return known.answer;
      const answer = await compute();
      kept.set(traderKey, { version, answer });
      return answer;
    },
  };
}
