import { complianceBand, COMPLIANCE_BAND_NAMES, type ComplianceBand } from '#shared/compliance.ts';
import type { MonthlyTrend, RuleCompliance } from '#shared/schemas/analytics.ts';

/** The bar chart's axis shows this many characters of a rule, then '...'. */
export const CHART_LABEL_MAX_LENGTH = 20;

/**
 * A rule's description cut for the axis. Counted in characters as people see them (code
 * points), so that an emoji is never split into half a surrogate pair.
 */
export function truncateLabel(text: string, max = CHART_LABEL_MAX_LENGTH): string {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : text;
}

export function formatSessionCount(count: number): string {
  return count === 1 ? '1 session' : `${count} sessions`;
}

const bandCountWords: Record<ComplianceBand, string> = {
  green: 'on track',
  amber: 'needing attention',
  red: 'off track',
};

/**
 * The bar chart in one or two sentences, for people who cannot see it: how many rules sit in
 * each band, then the best and the worst kept. `rules` come highest rate first, as the API
 * sends them.
 */
export function summarizeRuleCompliance(rules: RuleCompliance[]): string {
  const highest = rules[0];
  const lowest = rules.at(-1);
  if (!highest || !lowest) return 'No rules yet.';
  if (rules.length === 1) return `One rule: ${highest.description} at ${highest.complianceRate}%.`;

  const counts = COMPLIANCE_BAND_NAMES.flatMap((band) => {
    const count = rules.filter((rule) => complianceBand(rule.complianceRate) === band).length;
    return count > 0 ? [`${count} ${bandCountWords[band]}`] : [];
  });
  return (
    `${rules.length} rules: ${counts.join(', ')}. ` +
    `Highest: ${highest.description} at ${highest.complianceRate}%; ` +
    `lowest: ${lowest.description} at ${lowest.complianceRate}%.`
  );
}

/** The line chart in a sentence: the months it spans, its best and worst, and the latest. */
export function summarizeMonthlyTrends(months: MonthlyTrend[]): string {
  const first = months[0];
  const latest = months.at(-1);
  if (!first || !latest) return 'No months yet.';
  if (months.length === 1) {
    return `${first.month}: ${first.averageCompliance}% over ${formatSessionCount(first.totalSessions)}.`;
  }
  // The first of equal months wins: the earliest best and the earliest worst.
  const highest = months.reduce((best, month) =>
    month.averageCompliance > best.averageCompliance ? month : best,
  );
  const lowest = months.reduce((worst, month) =>
    month.averageCompliance < worst.averageCompliance ? month : worst,
  );
  return (
    `${months.length} months from ${first.month} to ${latest.month}. ` +
    `Highest: ${highest.month} at ${highest.averageCompliance}%; ` +
    `lowest: ${lowest.month} at ${lowest.averageCompliance}%; ` +
    `latest: ${latest.month} at ${latest.averageCompliance}%.`
  );
}
