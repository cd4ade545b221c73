import { Button } from './ui/button.tsx';
import { returnFocus, surroundingsOf } from './ui/use-return-focus.ts';

/** A read that failed: its query's own `refetch`, and whether it is being asked again. */
export type Retry = { refetch: () => unknown; isFetching: boolean };

/**
 * 'Try again' for a read that failed, disabled while it is asked again: reads are never retried
 * by themselves (decision 12), and a reload should not be the only way back. Once the answer
 * has replaced the button, the keyboard that pressed it goes on from what replaced it (the
 * card's first control, or the card), not from the top of the page: a focused element that
 * leaves the page hands the focus to the body, without a word.
 */
export function TryAgainButton({ retry, size }: { retry: Retry; size?: 'sm' }) {
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      disabled={retry.isFetching}
      onClick={(event) => {
        const surroundings = surroundingsOf(event.currentTarget);
        void Promise.resolve(retry.refetch()).then(() =>
          // After the render that the answer brings.
          requestAnimationFrame(() => {
            if (document.activeElement === document.body) returnFocus(null, null, surroundings);
          }),
        );
      }}
    >
      Try again
    </Button>
  );
}
