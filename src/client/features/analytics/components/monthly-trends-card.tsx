import { CalendarRange } from 'lucide-react';
import type { MonthlyTrend } from '#shared/schemas/analytics.ts';
import { TitledCard } from '#client/components/titled-card.tsx';
import { summarizeMonthlyTrends } from '../chart-summaries.ts';
import { useFiguresWords } from '../whose-figures.ts';
import { AnalyticsContent, type AnalyticsCardProps } from './analytics-content.tsx';
import { BandFigure } from './band-figure.tsx';
import { ChartPanel, ChartPanelSkeleton } from './chart-panel.tsx';
import { ChartTable } from './chart-table.tsx';
import { MonthlyTrendsLineChart } from './lazy-charts.tsx';

const TITLE = 'Monthly Compliance Trends';

/** 'Monthly Compliance Trends': the average session rating of each month, oldest first. */
export function MonthlyTrendsCard({ result, className }: AnalyticsCardProps) {
  return (
    <TitledCard title={TITLE} className={className}>
      <AnalyticsContent result={result} loading={<ChartPanelSkeleton />}>
        {({ monthlyTrends: months }) => {
          if (months.length === 0) return <NoMonths />;
          return (
            <ChartPanel
              summary={summarizeMonthlyTrends(months)}
              chart={<MonthlyTrendsLineChart data={months} title={TITLE} />}
              table={<MonthlyTrendsTable months={months} />}
            />
          );
        }}
      </AnalyticsContent>
    </TitledCard>
  );
}

function NoMonths() {
  const words = useFiguresWords();
  return (
    <div className="flex flex-col items-center gap-2 py-6 text-center">
      <CalendarRange aria-hidden="true" className="text-muted-foreground size-8" />
      <p className="font-medium">No monthly data available yet.</p>
      <p className="text-muted-foreground text-sm">{words.noMonthsHint}</p>
    </div>
  );
}

function MonthlyTrendsTable({ months }: { months: MonthlyTrend[] }) {
  return (
    <ChartTable
      caption={TITLE}
      columns={[
        { header: 'Month' },
        { header: 'Average compliance', isNumeric: true },
        { header: 'Sessions', isNumeric: true },
      ]}
      rows={months.map((month) => ({
        key: month.monthKey,
        cells: [month.month, <BandFigure rating={month.averageCompliance} />, month.totalSessions],
      }))}
    />
  );
}
