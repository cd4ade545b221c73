import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

/** A list's empty or failed state: an icon in a circle above the words and the next step. */
export function EmptyState({
  icon,
  className,
  children,
}: {
  icon: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-3 py-8 text-center', className)}>
      <span
        aria-hidden="true"
        className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full"
      >
        {icon}
      </span>
      {children}
    </div>
  );
}
