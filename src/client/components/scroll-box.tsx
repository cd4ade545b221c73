import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

type ScrollBoxProps = {
  /** What it holds, for a screen reader: a label, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
};

/**
 * What is wider than a phone's screen (a table, a chart of many rules) scrolls sideways inside
 * its card rather than squeezing its columns or moving the page. The box takes the focus, so a
 * keyboard scrolls it too, and a shadow at an edge says there is more beyond it.
 */
export function ScrollBox({ label, labelledBy, className, children }: ScrollBoxProps) {
  return (
    <div
      className={cn(
        'scroll-shadows focus-visible:ring-ring overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:outline-none',
        className,
      )}
      tabIndex={0}
      role="group"
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {children}
    </div>
  );
}
