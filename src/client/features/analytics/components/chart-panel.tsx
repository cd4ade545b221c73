import { ChevronDown } from 'lucide-react';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { cn } from '#client/lib/utils.ts';

type ChartPanelProps = {
  /** A heading above the chart, when the chart has a title of its own. */
  title?: string;
  /** The chart in words, always shown: the figures for people who cannot see the chart. */
  summary: string;
  /** A lazily loaded chart. */
  chart: ReactNode;
  /** The same data as a table, behind 'Show as table'. */
  table: ReactNode;
};

/**
 * A chart that can be read without sight or a mouse: a summary in words above it, and a
 * 'Show as table' disclosure that reveals the figures as a real table.
 */
export function ChartPanel({ title, summary, chart, table }: ChartPanelProps) {
  const [isTableShown, setTableShown] = useState(false);
  const tableId = useId();
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        {title ? <h3 className="font-semibold">{title}</h3> : null}
        <p className="text-muted-foreground text-sm wrap-anywhere">{summary}</p>
      </div>
      <Suspense fallback={<ChartSkeleton />}>{chart}</Suspense>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        aria-expanded={isTableShown}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
      >
        <ChevronDown
          aria-hidden="true"
          className={cn(
            'transition-transform motion-reduce:transition-none',
            isTableShown && 'rotate-180',
          )}
        />
        Show as table
      </Button>
      <div id={tableId} hidden={!isTableShown} className="scroll-shadows overflow-x-auto">
        {isTableShown ? table : null}
      </div>
    </div>
  );
}

/** Holds the chart's place while the chart code arrives. */
function ChartSkeleton() {
  return <Skeleton role="status" aria-label="Loading chart" className="h-[300px]" />;
}

/**
 * Holds the whole panel's place while the figures load, laid out as the panel: the title's
 * line when it has one, the summary's lines (as many as it most often takes), the chart, the
 * button. The chart alone stood for it before, and the cards below (the Discipline Calendar's
 * days) moved down as the figures came.
 */
export function ChartPanelSkeleton({
  hasTitle = false,
  summaryLines = 1,
}: {
  hasTitle?: boolean;
  summaryLines?: number;
}) {
  return (
    <div role="status" aria-label="Loading chart" className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        {hasTitle ? (
          <div className="font-semibold">
            <Skeleton className="h-lh w-64 max-w-full" />
          </div>
        ) : null}
        <div className="text-sm">
          <Skeleton style={{ height: `${summaryLines}lh` }} className="w-4/5" />
        </div>
      </div>
      <Skeleton className="h-[300px]" />
      <Skeleton className="h-9 w-36" />
    </div>
  );
}
