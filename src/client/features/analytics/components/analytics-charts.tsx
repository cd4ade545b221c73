/*
 * The analytics page's charts: the only module that imports recharts. It is loaded with
 * `lazy()` (see lazy-charts.tsx), so the library reaches the browser only when a chart is
 * shown; the login page and the dashboard never download it.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  Rectangle,
  ReferenceLine,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  type ActiveDotProps,
  type BarShapeProps,
  type DotItemDotProps,
  type TooltipContentProps,
} from 'recharts';
import { complianceBand } from '#shared/compliance.ts';
import type { MonthlyTrend, RuleCompliance } from '#shared/schemas/analytics.ts';
import type { ResultPoint } from '#shared/schemas/discipline-pays.ts';
import { bandLabel, bandTextClass } from '#client/components/compliance-rating.tsx';
import { ScrollBox } from '#client/components/scroll-box.tsx';
import { formatSessionDate } from '#client/lib/dates.ts';
import { cn } from '#client/lib/utils.ts';
import { formatSessionCount, truncateLabel } from '../chart-summaries.ts';
import { formatResult, pointResult, type ResultUnit } from '../result-format.ts';
import { bandColor } from './band-colors.ts';

export type ChartProps<Item> = {
  data: Item[];
  /**
   * The chart's accessible name (the SVG's `<title>`). Its summary in words is the text
   * above it, on the page for everyone.
   */
  title: string;
};

const CHART_HEIGHT = 300;
const PERCENT_TICKS = [0, 25, 50, 75, 100];
/**
 * Tick labels as one line each. Recharts gives a label its axis's width, and with a width it
 * wraps the text: it measures every word in a hidden element of the page, a forced layout per
 * word (82 on the seeded analytics screen, a fifth of its longest task on a phone). No label
 * here is near its axis's width, so none ever wrapped; with no width it is drawn as it is.
 */
const ONE_LINE_TICK = { width: 0 };
/**
 * A 0–100% axis: its five ticks always fit, so every one is drawn (`interval` 0) without
 * measuring each label first to find the ones that would overlap.
 */
const PERCENT_AXIS = {
  domain: [0, 100],
  ticks: PERCENT_TICKS,
  unit: '%',
  interval: 0,
  tick: ONE_LINE_TICK,
} as const;
/** Axis text in the muted foreground colour, which keeps AA contrast on the card. */
const chartClass =
  'text-xs [&_.recharts-cartesian-axis-tick-value]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border';

/** Per rule, highest rate first; bars in the band's colour, labels cut at 20 characters. */
export function RuleComplianceBarChart({ data, title }: ChartProps<RuleCompliance>) {
  const labels = new Map(data.map((rule) => [rule.ruleId, truncateLabel(rule.description)]));
  return (
    // Many rules scroll sideways rather than squeezing their bars and labels together.
    <ScrollBox label={title}>
      <div style={{ minWidth: 64 + data.length * 56 }}>
        <BarChart
          responsive
          data={data}
          title={title}
          className={chartClass}
          style={{ width: '100%', height: CHART_HEIGHT }}
          // Room on the left for the first label, slanted under the axis.
          margin={{ top: 8, right: 8, bottom: 0, left: 24 }}
        >
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          {/* The rule's id keeps two rules with the same first 20 characters apart. */}
          <XAxis
            dataKey="ruleId"
            interval={0}
            tick={ONE_LINE_TICK}
            angle={-45}
            textAnchor="end"
            // A label of 20 characters and its '...', slanted, wide letters and all: 104 cut
            // the first letter of the longest ones off at the chart's bottom edge.
            height={120}
            tickFormatter={(ruleId: number) => labels.get(ruleId) ?? ''}
          />
          <YAxis {...PERCENT_AXIS} width={48} />
          {/* A faint band of the text colour: it shows on the light and the dark card alike. */}
          <Tooltip content={RuleTooltip} cursor={{ className: 'fill-foreground/5' }} />
          <Bar
            dataKey="complianceRate"
            name="Compliance"
            shape={BandBar}
            maxBarSize={64}
            isAnimationActive={false}
          />
        </BarChart>
      </div>
    </ScrollBox>
  );
}

function BandBar(props: BarShapeProps) {
  return (
    <Rectangle
      {...props}
      radius={[4, 4, 0, 0]}
      fill={bandColor[complianceBand(Number(props.value))]}
    />
  );
}

function RuleTooltip({ active, payload }: TooltipContentProps) {
  const rule = payload?.[0]?.payload as RuleCompliance | undefined;
  if (!active || !rule) return null;
  return (
    <TooltipBox title={rule.description} rating={rule.complianceRate}>
      {`Followed ${rule.followedCount} out of ${rule.totalCount} times`}
    </TooltipBox>
  );
}

/** Average rating per month, oldest first; each point in its band's colour. */
export function MonthlyTrendsLineChart({ data, title }: ChartProps<MonthlyTrend>) {
  return (
    <LineChart
      responsive
      data={data}
      title={title}
      className={chartClass}
      style={{ width: '100%', height: CHART_HEIGHT }}
      margin={{ top: 12, right: 24, bottom: 0, left: 0 }}
    >
      <CartesianGrid vertical={false} strokeDasharray="3 3" />
      <XAxis dataKey="month" padding={{ left: 24, right: 24 }} tick={ONE_LINE_TICK} />
      <YAxis {...PERCENT_AXIS} width={48} />
      <Tooltip content={MonthTooltip} />
      <Line
        isAnimationActive={false}
        type="linear"
        dataKey="averageCompliance"
        name="Average compliance"
        stroke="#71717a"
        strokeWidth={2}
        dot={(point: DotItemDotProps) => (
          <BandPoint key={point.index} cx={point.cx} cy={point.cy} payload={point.payload} r={5} />
        )}
        activeDot={(point: ActiveDotProps) => (
          <BandPoint cx={point.cx} cy={point.cy} payload={point.payload} r={7} />
        )}
      />
    </LineChart>
  );
}

/** A month's (or a session's) point in its band's colour; larger while the tooltip shows it. */
function BandPoint({
  cx,
  cy,
  payload,
  r,
}: {
  cx?: number;
  cy?: number;
  payload: unknown;
  r: number;
}) {
  const item = payload as Partial<MonthlyTrend & ResultPoint>;
  const rating = item.averageCompliance ?? item.rating ?? 0;
  return (
    <circle
      cx={cx}
      cy={cy}
      r={r}
      fill={bandColor[complianceBand(rating)]}
      // A ring of the card's own colour sets the point off the line in either theme.
      className="stroke-card"
      strokeWidth={2}
    />
  );
}

function MonthTooltip({ active, payload }: TooltipContentProps) {
  const month = payload?.[0]?.payload as MonthlyTrend | undefined;
  if (!active || !month) return null;
  return (
    <TooltipBox title={month.month} rating={month.averageCompliance}>
      {formatSessionCount(month.totalSessions)}
    </TooltipBox>
  );
}

/** The tooltip's card: what the point is, its rating with the band in words, one more line. */
function TooltipBox({
  title,
  rating,
  children,
}: {
  title: string;
  rating: number;
  children: string;
}) {
  const band = complianceBand(rating);
  return (
    <div className="bg-popover text-popover-foreground grid max-w-64 gap-1 rounded-md border px-3 py-2 text-sm shadow-md">
      <p className="font-medium wrap-anywhere">{title}</p>
      <p className={cn('font-semibold', bandTextClass[band])}>
        {rating}% <span className="font-normal">· {bandLabel(band)}</span>
      </p>
      <p className="text-muted-foreground">{children}</p>
    </div>
  );
}

type RatingResultScatterProps = ChartProps<ResultPoint> & {
  unit: ResultUnit;
  currency: string;
};

/**
 * 'Rating vs result': one point per session, its compliance rating across and its result up
 * (in R, or money when no session has R), each in its band's colour; a line marks zero.
 */
export function RatingResultScatterChart({
  data,
  title,
  unit,
  currency,
}: RatingResultScatterProps) {
  const plotted = data.flatMap((point) => {
    const value = pointResult(point, unit);
    return value === null ? [] : [{ ...point, value }];
  });
  const format = (value: number) => formatResult(value, unit, currency);
  return (
    <ScatterChart
      responsive
      title={title}
      className={chartClass}
      style={{ width: '100%', height: CHART_HEIGHT }}
      margin={{ top: 12, right: 24, bottom: 8, left: 8 }}
    >
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis type="number" dataKey="rating" name="Compliance" {...PERCENT_AXIS} />
      <YAxis
        type="number"
        dataKey="value"
        name="Result"
        width={unit === 'r' ? 64 : 88}
        tickFormatter={format}
        interval={0}
        tick={ONE_LINE_TICK}
      />
      <ReferenceLine y={0} className="[&_line]:stroke-muted-foreground" />
      <Tooltip
        content={(props: TooltipContentProps) => <PointTooltip {...props} format={format} />}
        cursor={{ strokeDasharray: '3 3' }}
      />
      <Scatter
        isAnimationActive={false}
        data={plotted}
        name="Sessions"
        shape={(props: { cx?: number; cy?: number; payload?: unknown }) => (
          <BandPoint cx={props.cx} cy={props.cy} payload={props.payload} r={5} />
        )}
      />
    </ScatterChart>
  );
}

function PointTooltip({
  active,
  payload,
  format,
}: TooltipContentProps & { format: (value: number) => string }) {
  const point = payload?.[0]?.payload as (ResultPoint & { value: number }) | undefined;
  if (!active || !point) return null;
  return (
    <TooltipBox title={formatSessionDate(point.date)} rating={point.rating}>
      {`Result: ${format(point.value)}`}
    </TooltipBox>
  );
}
