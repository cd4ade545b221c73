import { Scale } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type {
  DisciplinePays,
  DisciplinePaysQueryInput,
  ResultBand,
  RuleResult,
  RuleSplit,
} from '#shared/schemas/discipline-pays.ts';
import { CardMessage } from '#client/components/dashboard-card.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { Settling } from '#client/components/settling.tsx';
import { ScrollBox } from '#client/components/scroll-box.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { useShownValue } from '#client/lib/use-shown-value.ts';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { bandLabel, bandTextClass } from '#client/components/compliance-rating.tsx';
import { formatSessionDate } from '#client/lib/dates.ts';
import { cn } from '#client/lib/utils.ts';
import { useDisciplinePays } from '../api/get-discipline-pays.ts';
import { formatSessionCount } from '../chart-summaries.ts';
import { formatMoney, formatR } from '#client/lib/format-result.ts';
import { useResultPreferences } from '#client/components/result-preferences.tsx';
import {
  formatResult,
  resultUnits,
  scatterUnit,
  summarizeScatter,
  type ResultUnit,
} from '../result-format.ts';
import { ChartPanel } from './chart-panel.tsx';
import { ChartTable } from './chart-table.tsx';
import { RatingResultScatterChart } from './lazy-charts.tsx';

const TITLE = 'Does discipline pay?';
const NOT_ENOUGH = 'Not enough data';
export const TOO_LITTLE_DATA =
  'Not enough sessions with a result yet: at least 5 on each side are needed.';

type DisciplinePaysCardProps = {
  query: DisciplinePaysQueryInput;
  rangeLabel: string;
  className?: string;
};

/**
 * 'Does discipline pay?': the results of the range's sessions by compliance band, per rule
 * followed against broken, and rating against result. Figures resting on fewer than 5
 * sessions are never shown, only said to be too few; in privacy mode everything is in R.
 */
export function DisciplinePaysCard({ query, rangeLabel, className }: DisciplinePaysCardProps) {
  // The trader's currency and privacy switch: a change asks for the figures again.
  const result = useDisciplinePays(query, useResultPreferences());
  // While another range is read, the figures shown are still the last range's: so is the name.
  const shownRange = useShownValue(rangeLabel, result.isPlaceholderData);
  let body: ReactNode;
  if (result.isPending) {
    body = (
      <div role="status" aria-label="Loading results by compliance" className="grid gap-4">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  } else if (result.isLoadingError) {
    body = (
      <CardMessage isError retry={result}>
        Your results could not be loaded.
      </CardMessage>
    );
  } else {
    body = (
      <Settling isBusy={result.isPlaceholderData} className="min-w-0">
        {result.data.sessionCount === 0 ? (
          <NoResults />
        ) : (
          <DisciplinePaysFigures answer={result.data} rangeLabel={shownRange} />
        )}
      </Settling>
    );
  }
  return (
    <TitledCard title={TITLE} className={className}>
      {body}
    </TitledCard>
  );
}

function NoResults() {
  return (
    <EmptyState icon={<Scale className="size-6" />}>
      <p className="font-medium">No sessions with a result yet.</p>
      <p className="text-muted-foreground text-sm">
        Record a session&apos;s result, in money or in R, to see whether following your rules pays
        off.
      </p>
    </EmptyState>
  );
}

function DisciplinePaysFigures({
  answer,
  rangeLabel,
}: {
  answer: DisciplinePays;
  rangeLabel: string;
}) {
  const units = resultUnits(answer);
  const headingId = useId();
  return (
    <div className="grid gap-8">
      <p className="text-muted-foreground text-sm">
        Based on {formatSessionCount(answer.sessionCount)} with a result ({rangeLabel}).
        {answer.hideMoney ? ' Money amounts are hidden: every figure is in R.' : null}
      </p>
      <section aria-labelledby={headingId} className="grid gap-4">
        <h3 id={headingId} className="font-semibold">
          Results by compliance
        </h3>
        <div className="grid gap-6 lg:grid-cols-2">
          {units.map((unit) => (
            <BandTable key={unit} answer={answer} unit={unit} />
          ))}
        </div>
        {answer.bands.some((band) => units.some((unit) => bandFigure(band, unit)?.insufficient)) ? (
          <p className="text-muted-foreground text-sm">
            Not enough sessions with a result yet for every average: at least 5 in a band are
            needed.
          </p>
        ) : null}
      </section>
      <RuleCosts answer={answer} units={units} />
      <ResultScatter answer={answer} />
    </div>
  );
}

const bandRangeLabel: Record<ResultBand['band'], string> = {
  green: '≥ 90%',
  amber: '75–89%',
  red: '< 75%',
};

function unitName(unit: ResultUnit, currency: string) {
  return unit === 'r' ? 'in R' : `in money (${currency})`;
}

function bandFigure(band: ResultBand, unit: ResultUnit) {
  return unit === 'r' ? band.r : band.money;
}

function BandTable({ answer, unit }: { answer: DisciplinePays; unit: ResultUnit }) {
  const format = (value: number) => formatResult(value, unit, answer.currency);
  const caption = `Results by compliance, ${unitName(unit, answer.currency)}`;
  const withResult = answer.bands.some((band) => (bandFigure(band, unit)?.sessions ?? 0) > 0);
  return (
    <div className="grid min-w-0 gap-2">
      <h4 className="text-muted-foreground text-sm font-medium">
        {unit === 'r' ? 'In R' : `In money (${answer.currency})`}
      </h4>
      {withResult ? (
        <ScrollBox label={caption}>
          <div className="min-w-[22rem]">
            <ChartTable
              caption={caption}
              columns={[
                { header: 'Compliance' },
                { header: 'Sessions', isNumeric: true },
                { header: 'Average', isNumeric: true },
                { header: 'Total', isNumeric: true },
              ]}
              rows={answer.bands.map((band) => {
                const figure = bandFigure(band, unit);
                return {
                  key: band.band,
                  cells: [
                    <>
                      <span className={cn('block font-semibold', bandTextClass[band.band])}>
                        {bandRangeLabel[band.band]}
                      </span>
                      <span className="text-muted-foreground block text-xs font-normal">
                        {bandLabel(band.band)}
                      </span>
                    </>,
                    figure?.sessions ?? 0,
                    figure?.average === null || !figure ? (
                      <span className="text-muted-foreground">{NOT_ENOUGH}</span>
                    ) : (
                      format(figure.average)
                    ),
                    figure && figure.sessions > 0 ? format(figure.total) : '–',
                  ],
                };
              })}
            />
          </div>
        </ScrollBox>
      ) : (
        <p className="text-muted-foreground text-sm">
          No session in this range has a result {unitName(unit, answer.currency)}.
        </p>
      )}
    </div>
  );
}

function ruleSplit(rule: RuleResult, unit: ResultUnit): RuleSplit | null {
  return unit === 'r' ? rule.r : rule.money;
}

/**
 * The sentence above the table: the rule that costs most, or why none can be named. The rules
 * come ranked, those measured in R first, then those in money: the first that costs anything is
 * the one named, so a rule that costs money is not hidden by one that costs no R.
 */
function ruleCostSummary(rules: RuleResult[], currency: string): string {
  if (rules.length === 0) return 'No rule was on the checklist of a session with a result.';
  const ranked = rules.flatMap((rule) => {
    const split = rule.rankedBy ? ruleSplit(rule, rule.rankedBy) : null;
    return rule.rankedBy && split && split.difference !== null
      ? [{ rule, unit: rule.rankedBy, split, difference: split.difference }]
      : [];
  });
  if (ranked.length === 0) return TOO_LITTLE_DATA;
  const costly = ranked.find(({ difference }) => difference > 0);
  if (!costly) {
    return 'None of your rules costs you so far: when you broke one, your sessions averaged no worse than when you followed it.';
  }
  const { rule, unit, split, difference } = costly;
  const format = (value: number | null) =>
    value === null ? '' : formatResult(value, unit, currency);
  return (
    `${rule.description} costs you most: your sessions averaged ${format(split.followed.average)} ` +
    `when you followed it and ${format(split.broken.average)} when you broke it, ` +
    `a difference of ${format(difference)}.`
  );
}

function RuleCosts({ answer, units }: { answer: DisciplinePays; units: ResultUnit[] }) {
  const { rules, currency } = answer;
  const headingId = useId();
  const format = (value: number, unit: ResultUnit) => formatResult(value, unit, currency);
  const lines = (render: (split: RuleSplit, unit: ResultUnit) => ReactNode, rule: RuleResult) =>
    units.map((unit) => {
      const split = ruleSplit(rule, unit);
      return split ? (
        <span key={unit} className="block whitespace-nowrap">
          {render(split, unit)}
        </span>
      ) : null;
    });
  const side = (figure: RuleSplit['followed'], unit: ResultUnit) => (
    <>
      {figure.average === null ? (
        <span className="text-muted-foreground">{NOT_ENOUGH}</span>
      ) : (
        format(figure.average, unit)
      )}{' '}
      <span className="text-muted-foreground">({formatSessionCount(figure.sessions)})</span>
    </>
  );
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="font-semibold">
        Which rule costs you most
      </h3>
      <p className="text-muted-foreground text-sm">{ruleCostSummary(rules, currency)}</p>
      {rules.length > 0 ? (
        <ScrollBox label="Which rule costs you most">
          <div className="min-w-[40rem]">
            <ChartTable
              caption="Which rule costs you most: average result when followed and when broken"
              columns={[
                { header: 'Rule' },
                { header: 'Followed', isNumeric: true },
                { header: 'Broken', isNumeric: true },
                { header: 'Difference', isNumeric: true },
              ]}
              rows={rules.map((rule) => ({
                key: rule.ruleId,
                cells: [
                  rule.description,
                  lines((split, unit) => side(split.followed, unit), rule),
                  lines((split, unit) => side(split.broken, unit), rule),
                  lines(
                    (split, unit) =>
                      split.difference === null ? (
                        <span className="text-muted-foreground">{NOT_ENOUGH}</span>
                      ) : (
                        <span className="font-semibold">{format(split.difference, unit)}</span>
                      ),
                    rule,
                  ),
                ],
              }))}
            />
          </div>
        </ScrollBox>
      ) : null}
      {rules.some((rule) => rule.rankedBy === null) && rules[0]?.rankedBy !== null ? (
        <p className="text-muted-foreground text-sm">
          Rules without a difference: {TOO_LITTLE_DATA.charAt(0).toLowerCase()}
          {TOO_LITTLE_DATA.slice(1)}
        </p>
      ) : null}
      <p className="text-muted-foreground text-xs">
        Ranked by the difference in R when a rule has enough sessions with R (R compares across
        accounts), otherwise in money.
      </p>
    </section>
  );
}

function ResultScatter({ answer }: { answer: DisciplinePays }) {
  const unit = scatterUnit(answer.points);
  const title = 'Compliance rating vs result';
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="font-semibold">
        Rating vs result
      </h3>
      <ChartPanel
        summary={summarizeScatter(answer, unit)}
        chart={
          <RatingResultScatterChart
            data={answer.points}
            title={title}
            unit={unit}
            currency={answer.currency}
          />
        }
        table={
          <ChartTable
            caption={title}
            columns={[
              { header: 'Date' },
              { header: 'Compliance', isNumeric: true },
              { header: 'Result (R)', isNumeric: true },
              ...(answer.hideMoney
                ? []
                : [{ header: `Result (${answer.currency})`, isNumeric: true }]),
            ]}
            rows={answer.points.map((point) => ({
              key: point.sessionId,
              cells: [
                formatSessionDate(point.date),
                `${point.rating}%`,
                point.resultR === null ? '–' : formatR(point.resultR),
                ...(answer.hideMoney
                  ? []
                  : [
                      point.resultMoney === null
                        ? '–'
                        : formatMoney(point.resultMoney, answer.currency),
                    ]),
              ],
            }))}
          />
        }
      />
    </section>
  );
}
