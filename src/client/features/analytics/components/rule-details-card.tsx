import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { CardMessage } from '#client/components/dashboard-card.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { AnalyticsContent, type AnalyticsCardProps } from './analytics-content.tsx';
import { RuleProgress } from './rule-progress.tsx';

const RULES_GRID = 'grid gap-x-8 gap-y-5 md:grid-cols-2';

/** 'Rule Compliance Details': every rule with its rate, a bar and how often it was kept. */
export function RuleDetailsCard({ result, className }: AnalyticsCardProps) {
  // `?rule=12` (the dashboard's Weakest Rule links here): that rule is outlined and focused.
  const [params] = useSearchParams();
  const highlighted = Number(params.get('rule')) || null;
  const hasData = result.data !== undefined;
  useEffect(() => {
    if (highlighted === null || !hasData) return;
    document.getElementById(`rule-${highlighted}`)?.focus();
  }, [highlighted, hasData]);
  return (
    <TitledCard title="Rule Compliance Details" className={className}>
      <AnalyticsContent
        result={result}
        loading={
          // Four rules' places in the list's own grid (two columns from medium screens up):
          // one column of them had left the cards below 140 px lower than where they came.
          <div role="status" aria-label="Loading rule compliance details" className={RULES_GRID}>
            {Array.from({ length: 4 }, (_, row) => (
              <Skeleton key={row} className="h-14" />
            ))}
          </div>
        }
      >
        {({ ruleCompliance: rules }) =>
          rules.length === 0 ? (
            <CardMessage>No rule compliance data available yet.</CardMessage>
          ) : (
            <ul aria-label="Rule compliance details" className={RULES_GRID}>
              {rules.map((rule) => (
                <RuleProgress
                  key={rule.ruleId}
                  rule={rule}
                  showCounts
                  isHighlighted={rule.ruleId === highlighted}
                />
              ))}
            </ul>
          )
        }
      </AnalyticsContent>
    </TitledCard>
  );
}
