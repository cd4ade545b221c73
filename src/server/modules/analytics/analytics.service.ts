import type { Analytics, AnalyticsQuery } from '#shared/schemas/analytics.ts';
import type { AppDatabase } from '../../db/client.ts';
import { createAnalyticsAnswers } from './analytics-answers.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import {
  analyticsWindows,
  monthLabel,
  sortRuleCompliance,
  type AnalyticsWindows,
} from './analytics.shape.ts';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** The discipline figures of one trader, over the windows the query asks for. */
export function createAnalyticsService({ database }: { database: AppDatabase }) {
  const analytics = createAnalyticsRepository(database);
  const answers = createAnalyticsAnswers(database);

  async function compute(userId: number, windows: AnalyticsWindows): Promise<Analytics> {
    const [overall, rules, months] = await Promise.all([
      analytics.overall(userId, windows.overall),
      analytics.ruleCompliance(userId, windows.details),
      analytics.monthlyTrends(userId, windows.details),
    ]);
    return {
      overallCompliance: overall.compliance,
      followedCount: overall.followedCount,
      totalCount: overall.totalCount,
      ruleCompliance: sortRuleCompliance(rules),
      monthlyTrends: months.map((month) => ({ ...month, month: monthLabel(month.monthKey) })),
    };
  }

  return {
    /** `sessionsVersion`: the trader's, read with the request's login (`kept-answers.ts`). */
    getAnalytics(
      userId: number,
      query: AnalyticsQuery,
      sessionsVersion?: string | null,
    ): Promise<Analytics> {
      const windows = analyticsWindows(query);
      return answers.answer(userId, windows, () => compute(userId, windows), sessionsVersion);
    },
  };
}
