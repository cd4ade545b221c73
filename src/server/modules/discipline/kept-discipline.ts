import type { CalendarDay, Streaks, WeakestRuleAnswer } from '#shared/schemas/discipline.ts';
import type { AppDatabase } from '../../db/client.ts';
import {
  createKeptAnswers,
  type KeptAnswersBounds,
  type TraderVersions,
} from '../analytics/kept-answers.ts';

/**
 * What one instance keeps of each kind of discipline answer (streaks, weakest rules, calendars),
 * the least recently asked going first, counted in characters of their rules' texts plus 100
 * for the answer and each rule or day: at most 2,000 answers and 2 million such characters a
 * kind, so 6 to 12 MiB of heap for the three at most. Streaks of 20 short rules count about
 * 2,600, of the most a trader can have (100 rules of 500 characters) 60,100; a year's calendar
 * 36,700.
 */
export const KEPT_DISCIPLINE: KeptAnswersBounds = {
  max: 2_000,
  maxSize: 2_000_000,
  maxEntrySize: 100_000,
};

export function sizeOfStreaks({ streaks }: { streaks: Streaks }): number {
  let size = 100;
  for (const rule of streaks.rules) size += 100 + rule.description.length;
  return size;
}

export function sizeOfWeakestRule({ weakestRule }: WeakestRuleAnswer): number {
  return 100 + (weakestRule?.description.length ?? 0);
}

export function sizeOfCalendar({ days }: { days: CalendarDay[] }): number {
  return 100 + 100 * days.length;
}

/**
 * A trader's discipline answers, kept while both their sessions and their rules are unchanged:
 * each is kept under the sessions' version with the rules' version in its key (the streaks and
 * the weakest rule name the rules as they read now, and leave deleted ones out), so a write
 * of either ends it on every instance. The calendar depends on the sessions alone. Only a
 * request of the trader's own knows both versions (read with its login, before the answer);
 * without them an answer is computed each time.
 */
export function createKeptDiscipline(database: AppDatabase) {
  const streaks = createKeptAnswers(database, KEPT_DISCIPLINE, sizeOfStreaks);
  const weakestRules = createKeptAnswers(database, KEPT_DISCIPLINE, sizeOfWeakestRule);
  const calendars = createKeptAnswers(database, KEPT_DISCIPLINE, sizeOfCalendar);

  function keptOr<Answer extends object>(
    kept: ReturnType<typeof createKeptAnswers<Answer>>,
    userId: number,
    key: string,
    versions: TraderVersions | undefined,
    compute: () => Promise<Answer>,
  ): Promise<Answer> {
    return versions ? kept.answer(userId, key, compute, versions.sessions) : compute();
  }

  return {
    streaks: (
      userId: number,
      versions: TraderVersions | undefined,
      compute: () => Promise<{ streaks: Streaks }>,
    ) => keptOr(streaks, userId, `rules ${versions?.rules}`, versions, compute),
    weakestRule: (
      userId: number,
      today: string,
      versions: TraderVersions | undefined,
      compute: () => Promise<WeakestRuleAnswer>,
    ) => keptOr(weakestRules, userId, `${today} rules ${versions?.rules}`, versions, compute),
    calendar: (
      userId: number,
      range: { from: string; to: string },
      versions: TraderVersions | undefined,
      compute: () => Promise<{ days: CalendarDay[] }>,
    ) => keptOr(calendars, userId, `${range.from} ${range.to}`, versions, compute),
  };
}
