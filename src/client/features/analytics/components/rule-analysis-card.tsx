import type { RuleCompliance } from '#shared/schemas/analytics.ts';
import { CardMessage } from '#client/components/dashboard-card.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { summarizeRuleCompliance } from '../chart-summaries.ts';
import { AnalyticsContent, type AnalyticsCardProps } from './analytics-content.tsx';
import { BandFigure } from './band-figure.tsx';
import { ChartPanel, ChartPanelSkeleton } from './chart-panel.tsx';
import { ChartTable } from './chart-table.tsx';
import { RuleComplianceBarChart } from './lazy-charts.tsx';

const CHART_TITLE = 'Trading Rule Compliance Analysis';

/** 'Trading Rule Analysis': each rule's compliance rate as a bar, highest first. */
export function RuleAnalysisCard({ result, className }: AnalyticsCardProps) {
  return (
    <TitledCard title="Trading Rule Analysis" className={className}>
      {/* Its summary names the highest and the lowest rule: two lines, most often. */}
      <AnalyticsContent result={result} loading={<ChartPanelSkeleton hasTitle summaryLines={2} />}>
        {({ ruleCompliance: rules }) => {
          if (rules.length === 0) {
            return <CardMessage>No rule compliance data available yet.</CardMessage>;
          }
          return (
            <ChartPanel
              title={CHART_TITLE}
              summary={summarizeRuleCompliance(rules)}
              chart={<RuleComplianceBarChart data={rules} title={CHART_TITLE} />}
              table={<RuleComplianceTable rules={rules} />}
            />
          );
        }}
      </AnalyticsContent>
    </TitledCard>
  );
}

function RuleComplianceTable({ rules }: { rules: RuleCompliance[] }) {
  return (
    <ChartTable
      caption={CHART_TITLE}
      columns={[
        { header: 'Rule' },
        { header: 'Compliance', isNumeric: true },
        { header: 'Followed', isNumeric: true },
      ]}
      rows={rules.map((rule) => ({
        key: rule.ruleId,
        cells: [
          rule.description,
          <BandFigure rating={rule.complianceRate} />,
          `${rule.followedCount} of ${rule.totalCount}`,
        ],
      }))}
    />
  );
}
