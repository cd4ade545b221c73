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

/** Holds the chart's place while the chart code arrives, and while the figures load. */
export function ChartSkeleton() {
  return <Skeleton role="status" aria-label="Loading chart" className="h-[300px]" />;
}
