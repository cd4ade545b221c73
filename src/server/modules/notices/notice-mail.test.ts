import { expect, test } from 'vitest';
import type { WeeklyReport } from '#shared/schemas/notices.ts';
import { weeklyReportMail } from './notice-mail.ts';

const week: WeeklyReport = {
  weekStart: '2026-11-16',
  weekEnd: '2026-11-22',
  sessionCount: 0,
  followedCount: 0,
  totalCount: 0,
  compliance: 0,
  streaks: { perfect: { current: 0, longest: 0 }, excellent: { current: 0, longest: 0 } },
  weakestRule: null,
  bestSession: null,
  worstSession: null,
};
const mailOf = (report: WeeklyReport) =>
  weeklyReportMail(report, { name: 'Ann', appName: 'Rulekeeper' });

test('a report without a weakest rule says whether nothing was checked, broken, or only deleted rules broken', () => {
  expect(mailOf({ ...week, weakestRuleItemCount: 0 }).text).toContain(
    'Weakest rule (30 days): no rules checked',
  );
  expect(mailOf({ ...week, weakestRuleItemCount: 12 }).text).toContain(
    'Weakest rule (30 days): none broken',
  );
  expect(
    mailOf({ ...week, weakestRuleItemCount: 12, weakestRuleFollowedCount: 12 }).text,
  ).toContain('Weakest rule (30 days): none broken');
  // Broken items, and no weakest rule: they were all of rules deleted since.
  expect(
    mailOf({ ...week, weakestRuleItemCount: 12, weakestRuleFollowedCount: 11 }).text,
  ).toContain('Weakest rule (30 days): only deleted rules broken');
  // A report written before the count was kept says what it always said.
  expect(mailOf(week).text).toContain('Weakest rule (30 days): none broken');
});
