import { addDays } from '#shared/calendar.ts';
import { complianceBand } from '#shared/compliance.ts';
import type { CalendarDay, Streaks, WeakestRuleAnswer } from '#shared/schemas/discipline.ts';
import { whyNoWeakestRuleOf } from '#shared/weakest-rule.ts';
import type { AppDatabase } from '../../db/client.ts';
import type { TraderVersions } from '../analytics/kept-answers.ts';
import { createDisciplineRepository } from './discipline.repository.ts';
import { createKeptDiscipline } from './kept-discipline.ts';

/** The weakest rule's window: 30 calendar days ending on the trader's today, today included. */
export const WEAKEST_RULE_WINDOW_DAYS = 30;

export const weakestRuleWindow = (today: string) => ({
  from: addDays(today, 1 - WEAKEST_RULE_WINDOW_DAYS),
  to: today,
});

export type DisciplineService = ReturnType<typeof createDisciplineService>;

/**
 * Streaks, the weakest rule and the discipline calendar of one trader, kept for the trader's own
 * requests (`kept-discipline.ts`); the session runs and weakest rules of a page of traders.
 */
export function createDisciplineService({ database }: { database: AppDatabase }) {
  const discipline = createDisciplineRepository(database);
  const kept = createKeptDiscipline(database);

  return {
    /**
     * Runs over the trader's sessions ordered by (date, id); days without sessions break
     * nothing. `versions`: the trader's, read with the request's login (`kept-discipline.ts`).
     */
    async streaks(userId: number, versions?: TraderVersions): Promise<Streaks> {
      const { streaks } = await kept.streaks(userId, versions, async () => {
        const [runs, rules] = await Promise.all([
          discipline.sessionRuns(userId),
          discipline.ruleRuns(userId),
        ]);
        return { streaks: { ...runs, rules } };
      });
      return streaks;
    },

    /**
     * The session runs of `streaks`, without the rules', for a page of traders at once, as they
     * stood at the end of the day `until` (the weekly reports' Sunday); a trader without
     * sessions by then is absent.
     */
    async sessionStreaksOf(userIds: readonly number[], until: string) {
      return discipline.sessionRunsOf(userIds, until);
    },

    /** Each trader's current run of sessions at ≥ 90% (the team list's streak), 0 without. */
    async currentStreaksOf(userIds: readonly number[]) {
      return discipline.currentExcellentRunsOf(userIds);
    },

    /**
     * The rule most often broken in the 30 days ending `today` (inclusive), or null and why
     * there is none, both from one read of the days' items.
     */
    async weakestRule(
      userId: number,
      today: string,
      versions?: TraderVersions,
    ): Promise<WeakestRuleAnswer> {
      return kept.weakestRule(userId, today, versions, async () => {
        const days = await discipline.weakestRule(userId, weakestRuleWindow(today));
        return { weakestRule: days.weakestRule, whyNoWeakestRule: whyNoWeakestRuleOf(days) };
      });
    },

    /**
     * `weakestRule`'s read for a page of traders at once: the 30 days' items and the weakest
     * rule; a trader without items in them is absent.
     */
    async weakestRulesOf(userIds: readonly number[], today: string) {
      return discipline.weakestRulesOf(userIds, weakestRuleWindow(today));
    },

    /** The days of the range with sessions, oldest first, each with its band. */
    async calendar(
      userId: number,
      range: { from: string; to: string },
      versions?: TraderVersions,
    ): Promise<CalendarDay[]> {
      const { days } = await kept.calendar(userId, range, versions, async () => ({
        days: (await discipline.calendar(userId, range)).map((day) => ({
          ...day,
          band: complianceBand(day.complianceRating),
        })),
      }));
      return days;
    },
  };
}
