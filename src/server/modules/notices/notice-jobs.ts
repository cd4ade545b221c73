import { addDays, utcDay } from '#shared/calendar.ts';
import {
  LOW_COMPLIANCE_THRESHOLD,
  type LowComplianceAlert,
  type ReportSession,
  type WeeklyReport,
} from '#shared/schemas/notices.ts';
import { TRADERS_PER_STATEMENT } from '../../db/by-pages.ts';
import type { AppDatabase } from '../../db/client.ts';
import { toBool } from '../../db/dialect.ts';
import { withTraderLock } from '../../db/trader-lock.ts';
import { noRuns, NOTHING_CHECKED } from '../discipline/discipline.repository.ts';
import { createDisciplineService } from '../discipline/discipline.service.ts';
import { createNoticesRepository, type ItemFigures } from './notices.repository.ts';
import { weekJustEnded } from './weeks.ts';

/** The window of the 30-day figure, as the dashboard's: 30 days ending on `today`, included. */
const ALERT_WINDOW_DAYS = 30;
/** At most one alert in this many days. */
const ALERT_QUIET_DAYS = 7;
const NO_SESSIONS: ItemFigures = {
  sessionCount: 0,
  followedCount: 0,
  totalCount: 0,
  compliance: 0,
};

class TraderGone extends Error {}

/** Whether the week's worst session is worse than its best: a rating or a result lower. */
function isWorse(worst: ReportSession | undefined, best: ReportSession | undefined): boolean {
  if (!worst || !best || worst.id === best.id) return false;
  return worst.complianceRating !== best.complianceRating || worst.resultR !== best.resultR;
}

export interface NoticeJobsOptions {
  database: AppDatabase;
  /** True when SMTP is configured: notices that want mail are written 'pending'. */
  isMailConfigured: boolean;
  /**
   * Traders whose reports are computed together, in a few statements with the page's ids bound,
   * and written in one insert; tests make it small to cross pages.
   */
  reportsPerPage?: number;
}

/**
 * The jobs that write notices. Each takes the clock as an argument and may run any number of
 * times, on any number of instances: a notice is one row per trader, kind and period, and the
 * insert of a second one does nothing.
 */
export function createNoticeJobs({
  database,
  isMailConfigured,
  reportsPerPage = TRADERS_PER_STATEMENT,
}: NoticeJobsOptions) {
  const notices = createNoticesRepository(database);
  const discipline = createDisciplineService({ database });

  /** The reports of a page of traders for the week `start`–`end`, by trader. */
  async function buildReports(userIds: number[], week: { start: string; end: string }) {
    const days = { from: week.start, to: week.end };
    const [figures, extremes, runs, weakestRules] = await Promise.all([
      notices.figuresOf(userIds, days),
      notices.extremeSessionsOf(userIds, days),
      // As they stood at the end of the week's Sunday: a session of the new week, recorded
      // before the report is written (Monday afternoon in Europe and Asia), is not in it.
      discipline.sessionStreaksOf(userIds, week.end),
      discipline.weakestRulesOf(userIds, week.end),
    ]);
    return new Map(
      userIds.map((userId) => {
        const inWeek = figures.get(userId) ?? NO_SESSIONS;
        const extreme = extremes.get(userId);
        const streaks = runs.get(userId) ?? noRuns();
        // The 30 days' items, read with the weakest rule: they say why there is none.
        const thirtyDays = weakestRules.get(userId) ?? NOTHING_CHECKED;
        const { weakestRule } = thirtyDays;
        const report: WeeklyReport = {
          weekStart: week.start,
          weekEnd: week.end,
          sessionCount: inWeek.sessionCount,
          followedCount: inWeek.followedCount,
          totalCount: inWeek.totalCount,
          compliance: inWeek.compliance,
          streaks: { perfect: streaks.perfect, excellent: streaks.excellent },
          weakestRuleItemCount: thirtyDays.totalCount,
          weakestRuleFollowedCount: thirtyDays.followedCount,
          weakestRule: weakestRule
            ? {
                ruleId: weakestRule.ruleId,
                description: weakestRule.description,
                brokenCount: weakestRule.brokenCount,
                totalCount: weakestRule.totalCount,
                complianceRate: weakestRule.complianceRate,
              }
            : null,
          bestSession: extreme?.best ?? null,
          // No worst where none is worse than the best: one session, or all alike (rating and
          // R), which both orders would name the same session for.
          worstSession: isWorse(extreme?.worst, extreme?.best) ? (extreme?.worst ?? null) : null,
        };
        return [userId, report] as const;
      }),
    );
  }

  return {
    /**
     * From Monday 12:00 UTC on, the report of the ISO week just ended for every trader who had
     * a session by its Sunday and has no report of it yet. The in-app report is always written;
     * the mail follows the trader's 'Weekly Reports' switch. Traders are taken a page at a
     * time, each page's reports computed in a few statements and written in one. Returns how
     * many were written.
     */
    async writeWeeklyReports(now: Date): Promise<number> {
      const week = weekJustEnded(now);
      let written = 0;
      let afterId = 0;
      for (;;) {
        const traders = await notices.tradersOwedReport(week.end, week.key, {
          afterId,
          limit: reportsPerPage,
        });
        const last = traders.at(-1);
        if (!last) return written;
        const reports = await buildReports(
          traders.map((trader) => trader.id),
          week,
        );
        written += await notices.insertMany(
          traders.map((trader) => ({
            userId: trader.id,
            kind: 'weekly_report',
            periodKey: week.key,
            payload: reports.get(trader.id),
            mailStatus:
              isMailConfigured && toBool(trader.notify_weekly_reports) ? 'pending' : 'none',
          })),
        );
        afterId = last.id;
      }
    },

    /**
     * An alert for each trader with 'Low Compliance Alerts' on whose 30-day figure is below
     * the threshold, unless one was written in the last 7 days (its period is its day). The
     * checks (the switch, an alert already written) and the write hold one trader lock, so two
     * instances cannot both write, nor one write just after the switch went off. A trader
     * without checklist items in the window has no figure and gets no alert.
     */
    async writeLowComplianceAlerts(now: Date): Promise<number> {
      const today = utcDay(now);
      const window = { from: addDays(today, 1 - ALERT_WINDOW_DAYS), to: today };
      const since = addDays(today, 1 - ALERT_QUIET_DAYS);
      const figures = await notices.complianceOfAlertedTraders(window, since);
      let written = 0;
      for (const figure of figures) {
        if (figure.compliance >= LOW_COMPLIANCE_THRESHOLD) continue;
        const alert: LowComplianceAlert = {
          ...window,
          compliance: figure.compliance,
          followedCount: figure.followedCount,
          totalCount: figure.totalCount,
          threshold: LOW_COMPLIANCE_THRESHOLD,
        };
        try {
          const isNew = await withTraderLock(
            database,
            figure.userId,
            async (tx) => {
              const inLock = createNoticesRepository(tx);
              // Checked again under the lock: another instance may have written it since, and
              // the trader may have switched alerts off (their settings change takes the lock).
              if (!(await inLock.wantsLowComplianceAlerts(figure.userId))) return false;
              if (await inLock.hasKindSince(figure.userId, 'low_compliance', since)) return false;
              const inserted = await inLock.insertMany([
                {
                  userId: figure.userId,
                  kind: 'low_compliance',
                  periodKey: today,
                  payload: alert,
                  mailStatus: isMailConfigured ? 'pending' : 'none',
                },
              ]);
              return inserted > 0;
            },
            { whenMissing: () => new TraderGone() },
          );
          if (isNew) written += 1;
        } catch (error) {
          // The account was deleted meanwhile: nobody to alert.
          if (!(error instanceof TraderGone)) throw error;
        }
      }
      return written;
    },
  };
}

export type NoticeJobs = ReturnType<typeof createNoticeJobs>;
