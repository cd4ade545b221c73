import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

/**
 * What a screen shows while its next answer is read (a new search, range or sort, kept on
 * screen with `placeholderData`): the last answer stays, dimmed and marked busy, so nothing
 * jumps and a screen reader knows it is about to change.
 */
export function Settling({
  isBusy,
  className,
  children,
}: {
  isBusy: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      aria-busy={isBusy}
      className={cn(
        'transition-opacity motion-reduce:transition-none',
        isBusy && 'opacity-60',
        className,
      )}
    >
      {children}
    </div>
  );
}
