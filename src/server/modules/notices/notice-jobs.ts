import { addDays } from '#shared/calendar.ts';
import {
  LOW_COMPLIANCE_THRESHOLD,
  type LowComplianceAlert,
  type WeeklyReport,
} from '#shared/schemas/notices.ts';
import type { AppDatabase } from '../../db/client.ts';
import { toBool } from '../../db/dialect.ts';
import { withTraderLock } from '../../db/trader-lock.ts';
import { createDisciplineService } from '../discipline/discipline.service.ts';
import { createNoticesRepository } from './notices.repository.ts';
import { utcDay, weekJustEnded } from './weeks.ts';

/** The window of the 30-day figure, as the dashboard's: 30 days ending on `today`, included. */
const ALERT_WINDOW_DAYS = 30;
/** At most one alert in this many days. */
const ALERT_QUIET_DAYS = 7;

class TraderGone extends Error {}

export interface NoticeJobsOptions {
  database: AppDatabase;
  /** True when SMTP is configured: notices that want mail are written 'pending'. */
  isMailConfigured: boolean;
}

/**
 * The jobs that write notices. Each takes the clock as an argument and may run any number of
 * times, on any number of instances: a notice is one row per trader, kind and period, and the
 * insert of a second one does nothing.
 */
export function createNoticeJobs({ database, isMailConfigured }: NoticeJobsOptions) {
  const notices = createNoticesRepository(database);
  const discipline = createDisciplineService({ database });

  /** The figures of one trader's report for the week `start`–`end`. */
  async function buildReport(userId: number, week: { start: string; end: string }) {
    const days = { from: week.start, to: week.end };
    const [figures, bestSession, worstSession, streaks, weakestRule] = await Promise.all([
      notices.figures(userId, days),
      notices.extremeSession(userId, days, 'best'),
      notices.extremeSession(userId, days, 'worst'),
      discipline.sessionStreaks(userId),
      discipline.weakestRule(userId, week.end),
    ]);
    const report: WeeklyReport = {
      weekStart: week.start,
      weekEnd: week.end,
      sessionCount: figures.sessionCount,
      followedCount: figures.followedCount,
      totalCount: figures.totalCount,
      compliance: figures.compliance,
      streaks: { perfect: streaks.perfect, excellent: streaks.excellent },
      weakestRule: weakestRule
        ? {
            ruleId: weakestRule.ruleId,
            description: weakestRule.description,
            brokenCount: weakestRule.brokenCount,
            totalCount: weakestRule.totalCount,
            complianceRate: weakestRule.complianceRate,
          }
        : null,
      bestSession,
      // One session is the best and the worst at once: it is shown once.
      worstSession: figures.sessionCount > 1 ? worstSession : null,
    };
    return report;
  }

  return {
    /**
     * From Monday 00:00 UTC on, the report of the ISO week just ended for every trader who had
     * a session by its Sunday and has no report of it yet. The in-app report is always written;
     * the mail follows the trader's 'Weekly Reports' switch. Returns how many were written.
     */
    async writeWeeklyReports(now: Date): Promise<number> {
      const week = weekJustEnded(now);
      const traders = await notices.tradersOwedReport(week.end, week.key);
      let written = 0;
      for (const trader of traders) {
        const report = await buildReport(trader.id, week);
        const wantsMail = isMailConfigured && toBool(trader.notify_weekly_reports);
        const isNew = await notices.insert({
          userId: trader.id,
          kind: 'weekly_report',
          periodKey: week.key,
          payload: report,
          mailStatus: wantsMail ? 'pending' : 'none',
        });
        if (isNew) written += 1;
      }
      return written;
    },

    /**
     * An alert for each trader with 'Low Compliance Alerts' on whose 30-day figure is below
     * the threshold, unless one was written in the last 7 days (its period is its day). The
     * check and the write hold one trader lock, so two instances cannot both write. A trader
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
              // Checked again under the lock: another instance may have written it since.
              if (await inLock.hasKindSince(figure.userId, 'low_compliance', since)) return false;
              return inLock.insert({
                userId: figure.userId,
                kind: 'low_compliance',
                periodKey: today,
                payload: alert,
                mailStatus: isMailConfigured ? 'pending' : 'none',
              });
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
