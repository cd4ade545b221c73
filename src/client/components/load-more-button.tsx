import { useLayoutEffect, useRef } from 'react';
import { toastError } from './error-toast.ts';
import { Button } from './ui/button.tsx';
import { FOCUSABLE } from './ui/use-return-focus.ts';

/**
 * The next page of a list that grows: no screen loads a whole list at once (docs/decisions/0015).
 * A page that cannot be read says so (the list already shown stays, so no error screen would).
 */
type PagesResult = {
  isFetchNextPageError: boolean;
  error: unknown;
  hasNextPage: boolean;
  data?: { pages: readonly unknown[] } | undefined;
};

export function LoadMoreButton({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  pageCount,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<PagesResult>;
  /** The pages shown. */
  pageCount: number;
}) {
  // The last page takes the button away with the keyboard on it: the keyboard goes on at the
  // first control the page brought (its first row's), not back at the page's start. The
  // controls around the button before the load tell the new ones.
  const before = useRef<{ around: Element; controls: Set<Element> } | null>(null);
  useLayoutEffect(() => {
    const loaded = before.current;
    if (hasNextPage || !loaded) return;
    before.current = null;
    if (document.activeElement !== document.body) return;
    const controls = loaded.around.querySelectorAll<HTMLElement>(FOCUSABLE);
    Array.from(controls)
      .find((control) => !loaded.controls.has(control))
      ?.focus();
  }, [hasNextPage]);

  if (!hasNextPage) return null;
  const loadMore = async (button: HTMLButtonElement) => {
    const around = button.parentElement;
    if (around) before.current = { around, controls: new Set(around.querySelectorAll(FOCUSABLE)) };
    // A refresh of the pages shown that is under way (the window's focus, a write) is waited
    // for, then the next page is read: cancelled, as the next page's read does by default, it
    // left the pages as they were, a session deleted elsewhere still listed.
    let result = await fetchNextPage({ cancelRefetch: false });
    const pages = result.data?.pages.length ?? 0;
    if (!result.isFetchNextPageError && result.hasNextPage && pages <= pageCount) {
      result = await fetchNextPage({ cancelRefetch: false });
    }
    if (result.isFetchNextPageError) toastError(result.error, { fallback: 'Failed to load more' });
  };
  return (
    <Button
      variant="outline"
      className="justify-self-center"
      disabled={isFetchingNextPage}
      onClick={(event) => void loadMore(event.currentTarget)}
    >
      {isFetchingNextPage ? 'Loading...' : 'Load more'}
    </Button>
  );
}
