import { TryAgainButton, type Retry } from '#client/components/try-again-button.tsx';
import { cn } from '#client/lib/utils.ts';

/**
 * Said where the market sessions should be when they could not be loaded, with 'Try again'
 * (reads are not retried by themselves). `id` describes the control it belongs to. The words
 * are a new element for each failure (`failureCount`): one that fails again is announced again.
 */
export function SessionTypesFailure({
  id,
  failureCount,
  retry,
  className,
}: {
  id: string;
  failureCount: number;
  retry: Retry;
  className?: string;
}) {
  return (
    <span className={cn('flex flex-wrap items-center gap-3 text-sm', className)}>
      <span key={failureCount} id={id} role="alert" className="text-muted-foreground">
        The market sessions could not be loaded.
      </span>
      <TryAgainButton size="sm" retry={retry} />
    </span>
  );
}
