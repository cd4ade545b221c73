import { lazy } from 'react';
import { loadCode } from '#client/lib/missing-code.ts';

/*
 * The charts and recharts with them come in a chunk of their own, fetched the first time a
 * chart is shown (the decision 'recharts for the analytics charts'): nothing else imports
 * analytics-charts.tsx.
 */
const loadCharts = () => loadCode(() => import('./analytics-charts.tsx'));

export const RuleComplianceBarChart = lazy(() =>
  loadCharts().then((charts) => ({ default: charts.RuleComplianceBarChart })),
);

export const MonthlyTrendsLineChart = lazy(() =>
  loadCharts().then((charts) => ({ default: charts.MonthlyTrendsLineChart })),
);

export const RatingResultScatterChart = lazy(() =>
  loadCharts().then((charts) => ({ default: charts.RatingResultScatterChart })),
);
