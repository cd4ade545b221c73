import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { teamTraderParamsSchema, type TeamTraderAnalytics } from '#shared/schemas/team.ts';
import { PageHeader } from '#client/components/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { rangeLabel } from '#client/features/analytics/analytics-range.ts';
import { MonthlyTrendsCard } from '#client/features/analytics/components/monthly-trends-card.tsx';
import { OverallComplianceGaugeCard } from '#client/features/analytics/components/overall-compliance-gauge-card.tsx';
import { RangeSelect } from '#client/features/analytics/components/range-select.tsx';
import { RuleAnalysisCard } from '#client/features/analytics/components/rule-analysis-card.tsx';
import { RuleDetailsCard } from '#client/features/analytics/components/rule-details-card.tsx';
import { useAnalyticsRange } from '#client/features/analytics/hooks/use-analytics-range.ts';
import { WhoseFiguresProvider } from '#client/features/analytics/whose-figures.ts';
import { useTeamTrader } from '#client/features/team/api/get-team-trader.ts';
import { TraderNotFound } from '#client/features/team/components/trader-not-found.tsx';
import { TraderStreaksCard } from '#client/features/team/components/trader-streaks-card.tsx';
import { isHttpError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { usePageTitle } from '../use-page-title.ts';

const selectAnalytics = (data: TeamTraderAnalytics) => data.analytics;
const selectRest = ({ trader, streaks }: TeamTraderAnalytics) => ({ trader, streaks });

/**
 * The drill-down: the analytics page's own cards over one sharing trader's figures (one
 * request; each card reads its part, as on the analytics page) and their streaks. Read-only:
 * nothing here acts on the trader's data.
 */
function TraderAnalytics({ id }: { id: number }) {
  const { range, query, setRange } = useAnalyticsRange();
  const result = useTeamTrader(id, query, selectAnalytics);
  const rest = useTeamTrader(id, query, selectRest);
  const trader = rest.data?.trader;
  usePageTitle(trader ? `${trader.fullName} · Team discipline` : 'Team discipline');
  // A trader who no longer shares (or never did): no figures, so no range to choose.
  const isGone = isHttpError(result.error, 404);

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Button asChild variant="link" size="inline" className="justify-self-start">
          <Link href={paths.team}>
            <ArrowLeft aria-hidden="true" />
            Team discipline
          </Link>
        </Button>
        <PageHeader
          title={trader ? trader.fullName : 'Trader'}
          description={
            trader
              ? `@${trader.username}: the discipline figures they share with administrators`
              : 'The discipline figures a trader shares with administrators'
          }
          actions={isGone ? undefined : <RangeSelect value={range} onChange={setRange} />}
        />
      </div>
      {isGone ? (
        <TraderNotFound />
      ) : (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
          <WhoseFiguresProvider value="theirs">
            <OverallComplianceGaugeCard result={result} rangeLabel={rangeLabel(range)} />
            <RuleAnalysisCard result={result} className="min-w-0 xl:col-span-2" />
            <TraderStreaksCard result={rest} className="min-w-0 xl:col-span-3" />
            <MonthlyTrendsCard result={result} className="min-w-0 xl:col-span-3" />
            <RuleDetailsCard result={result} className="min-w-0 xl:col-span-3" />
          </WhoseFiguresProvider>
        </div>
      )}
    </div>
  );
}

/** Administrators only: the router wraps it in `ProtectedRoute requireAdmin`. */
export function TeamTraderRoute() {
  // Only an id the API takes can name a trader (its own check: a whole number in the ids'
  // range); anything else is not one.
  const parsed = teamTraderParamsSchema.shape.id.safeParse(useParams<{ id: string }>().id);
  if (!parsed.success) return <InvalidTrader />;
  // Another trader is another page: their cards start afresh.
  return <TraderAnalytics key={parsed.data} id={parsed.data} />;
}

function InvalidTrader() {
  usePageTitle('Team discipline');
  return <TraderNotFound />;
}
