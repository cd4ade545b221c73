import {
  noWeakestRuleText,
  type LowComplianceAlert,
  type ReportSession,
  type WeeklyReport,
} from '#shared/schemas/notices.ts';
import { formatDay, formatWeek } from '#shared/week-label.ts';

/** Every string a trader wrote (names, rule texts) goes through here before it meets HTML. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function formatR(value: number): string {
  return `${value > 0 ? '+' : ''}${value.toFixed(2)} R`;
}

function sessionLine(session: ReportSession): string {
  const result = session.resultR === null ? '' : `, ${formatR(session.resultR)}`;
  return `${session.name} (${formatDay(session.date)}, ${session.complianceRating}%${result})`;
}

export interface NoticeMail {
  subject: string;
  text: string;
  html: string;
}

/** One line of the report: a label and its value, the value already plain text. */
type Line = [label: string, value: string];

function reportLines(report: WeeklyReport): Line[] {
  const { perfect, excellent } = report.streaks;
  const lines: Line[] = [
    ['Sessions', String(report.sessionCount)],
    [
      'Compliance',
      report.totalCount === 0
        ? 'no checklist items'
        : `${report.compliance}% (${report.followedCount}/${report.totalCount} rules followed)`,
    ],
    ['Streak at 100%', `${plural(perfect.current, 'session')} (longest ${perfect.longest})`],
    [
      'Streak at 90% or more',
      `${plural(excellent.current, 'session')} (longest ${excellent.longest})`,
    ],
    [
      'Weakest rule (30 days)',
      report.weakestRule
        ? `${report.weakestRule.description}: followed ${report.weakestRule.complianceRate}%, broken ${plural(report.weakestRule.brokenCount, 'time')}`
        : noWeakestRuleText(report).toLowerCase(),
    ],
  ];
  if (report.bestSession) lines.push(['Best session', sessionLine(report.bestSession)]);
  if (report.worstSession) lines.push(['Worst session', sessionLine(report.worstSession)]);
  return lines;
}

function render({
  subject,
  greeting,
  intro,
  lines,
  appName,
}: {
  subject: string;
  greeting: string;
  intro: string;
  lines: Line[];
  appName: string;
}): NoticeMail {
  const footer = `You get this mail because of your notification settings in ${appName}; turn it off there.`;
  const text = [
    greeting,
    '',
    intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    footer,
    '',
  ].join('\n');
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#111">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation">${rows}</table>
<p style="color:#555;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject, text, html };
}

/**
 * The weekly report as a mail: plain text and simple HTML. No money amounts: the report holds
 * none (results are in R), whatever the trader's privacy setting.
 */
export function weeklyReportMail(
  report: WeeklyReport,
  { name, appName }: { name: string; appName: string },
): NoticeMail {
  const week = formatWeek(report.weekStart, report.weekEnd);
  return render({
    subject: `Your weekly discipline report: ${week}`,
    greeting: `Hello ${name},`,
    intro: `Your trading discipline in the week of ${week}:`,
    lines: reportLines(report),
    appName,
  });
}

export function lowComplianceMail(
  alert: LowComplianceAlert,
  { name, appName }: { name: string; appName: string },
): NoticeMail {
  return render({
    subject: `Your 30-day compliance is ${alert.compliance}%, below ${alert.threshold}%`,
    greeting: `Hello ${name},`,
    intro: `Over the 30 days ending ${formatDay(alert.to)} you followed ${alert.followedCount} of ${alert.totalCount} rules in your sessions: ${alert.compliance}%, below ${alert.threshold}%.`,
    lines: [],
    appName,
  });
}
