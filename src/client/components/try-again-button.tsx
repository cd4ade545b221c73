import { Button } from './ui/button.tsx';

/** A read that failed: its query's own `refetch`, and whether it is being asked again. */
export type Retry = { refetch: () => unknown; isFetching: boolean };

/**
 * 'Try again' for a read that failed, disabled while it is asked again: reads are never retried
 * by themselves (decision 12), and a reload should not be the only way back.
 */
export function TryAgainButton({ retry, size }: { retry: Retry; size?: 'sm' }) {
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      disabled={retry.isFetching}
      onClick={() => void retry.refetch()}
    >
      Try again
    </Button>
  );
}
