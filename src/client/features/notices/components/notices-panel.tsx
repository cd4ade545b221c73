import { TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import {
  noWeakestRuleText,
  type Notice,
  type ReportSession,
  type WeeklyReport,
} from '#shared/schemas/notices.ts';
import { formatDay, formatWeek } from '#shared/week-label.ts';
import { ComplianceRating } from '#client/components/compliance-rating.tsx';
import { DashboardCard } from '#client/components/dashboard-card.tsx';
import { toastError } from '#client/components/error-toast.ts';
import { Button } from '#client/components/ui/button.tsx';
import { getRecentAnalyticsHref, getSessionDetailsHref } from '#client/lib/paths.ts';
import { useNotices } from '../api/get-notices.ts';
import { useMarkNoticeRead } from '../api/mark-notice-read.ts';
import { formatR } from '#client/lib/format-result.ts';

type NoticeOf<K extends Notice['kind']> = Extract<Notice, { kind: K }>;

/**
 * The latest notice of a kind, while it is unread. Not the latest unread one: dismissing this
 * week's would bring up last week's, whose figures are out of date.
 */
function latestIfUnread<K extends Notice['kind']>(notices: Notice[], kind: K) {
  const latest = notices.find((notice): notice is NoticeOf<K> => notice.kind === kind);
  return latest?.readAt === null ? latest : undefined;
}

/**
 * The dashboard's notices: the latest low-compliance alert as a banner, and the latest weekly
 * report as a card, each until dismissed. Nothing while they load or when there are none: they
 * are news, not a fixture of the page, and a placeholder would only make the page jump.
 */
export function NoticesPanel() {
  const { data } = useNotices();
  const notices = data?.notices ?? [];
  const alert = latestIfUnread(notices, 'low_compliance');
  const report = latestIfUnread(notices, 'weekly_report');
  if (!alert && !report) return null;
  return (
    <>
      {alert ? <LowComplianceBanner notice={alert} /> : null}
      {report ? <WeeklyReportCard notice={report} /> : null}
    </>
  );
}

/**
 * Dismissing one notice: a write of its own (a write takes one call at a time), so that the
 * other notice can be dismissed while this one's is under way.
 */
function useDismiss(id: number) {
  const markRead = useMarkNoticeRead({
    onError: (error) => toastError(error, { fallback: 'The notice could not be dismissed.' }),
  });
  return { dismiss: () => markRead.mutate(id), isDismissing: markRead.isPending };
}

function LowComplianceBanner({ notice }: { notice: NoticeOf<'low_compliance'> }) {
  const { dismiss, isDismissing } = useDismiss(notice.id);
  const { compliance, threshold } = notice.alert;
  return (
    <div className="flex items-start gap-3 rounded-xl border border-amber-600 bg-amber-50 p-3 sm:p-4 dark:bg-amber-950">
      <TriangleAlert
        aria-hidden="true"
        className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400"
      />
      <div role="status" className="min-w-0 flex-1">
        <p className="font-semibold">{`Your 30-day compliance is ${compliance}%, below ${threshold}%`}</p>
        <p className="text-muted-foreground text-sm">
          {`Over the 30 days ending ${formatDay(notice.alert.to)}. `}
          <Link
            href={getRecentAnalyticsHref()}
            className="text-primary underline underline-offset-4"
          >
            See which rules slip
          </Link>
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon-xs"
        aria-label="Dismiss the low-compliance alert"
        onClick={dismiss}
        disabled={isDismissing}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="font-semibold wrap-anywhere">{children}</dd>
    </div>
  );
}

function SessionLink({ session }: { session: ReportSession | null }) {
  if (!session) return <span className="text-muted-foreground font-normal">None</span>;
  return (
    <span className="flex flex-col">
      <Link
        href={getSessionDetailsHref(session.id)}
        className="text-primary underline underline-offset-4"
      >
        {session.name}
        {/* Best and worst may share a name: each link says its day too. */}
        <span className="sr-only"> ({formatDay(session.date)})</span>
      </Link>
      <span className="text-muted-foreground text-sm font-normal">
        {formatDay(session.date)} · <ComplianceRating rating={session.complianceRating} />
        {session.resultR === null ? null : ` · ${formatR(session.resultR)}`}
      </span>
    </span>
  );
}

function streakText(run: { current: number; longest: number }) {
  return `${run.current} ${run.current === 1 ? 'session' : 'sessions'} (longest ${run.longest})`;
}

function WeeklyReportCard({ notice }: { notice: NoticeOf<'weekly_report'> }) {
  const { dismiss, isDismissing } = useDismiss(notice.id);
  const report: WeeklyReport = notice.report;
  const week = formatWeek(report.weekStart, report.weekEnd);
  return (
    <DashboardCard
      title="Weekly Discipline Report"
      footer={
        <Button variant="outline" size="sm" onClick={dismiss} disabled={isDismissing}>
          Dismiss
        </Button>
      }
    >
      <p className="text-muted-foreground mb-4 text-sm">{`The week of ${week}`}</p>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label="Sessions">{report.sessionCount}</Figure>
        <Figure label="Compliance">
          {report.totalCount === 0 ? (
            <span className="text-muted-foreground font-normal">No checklist items</span>
          ) : (
            <span>
              <ComplianceRating rating={report.compliance} />{' '}
              <span className="text-muted-foreground text-sm font-normal">
                {`${report.followedCount}/${report.totalCount} rules followed`}
              </span>
            </span>
          )}
        </Figure>
        <Figure label="Streak at 100%">{streakText(report.streaks.perfect)}</Figure>
        <Figure label="Streak at 90% or more">{streakText(report.streaks.excellent)}</Figure>
        <Figure label="Weakest rule (30 days)">
          {report.weakestRule ? (
            <span className="flex flex-col">
              <Link
                href={getRecentAnalyticsHref(report.weakestRule.ruleId)}
                className="text-primary underline underline-offset-4"
              >
                {report.weakestRule.description}
              </Link>
              <span className="text-muted-foreground text-sm font-normal">
                {`Followed ${report.weakestRule.complianceRate}%, broken ${report.weakestRule.brokenCount} of ${report.weakestRule.totalCount}`}
              </span>
            </span>
          ) : (
            <span className="text-muted-foreground font-normal">{noWeakestRuleText(report)}</span>
          )}
        </Figure>
        <Figure label="Best session">
          <SessionLink session={report.bestSession} />
        </Figure>
        {report.worstSession ? (
          <Figure label="Worst session">
            <SessionLink session={report.worstSession} />
          </Figure>
        ) : null}
      </dl>
    </DashboardCard>
  );
}
