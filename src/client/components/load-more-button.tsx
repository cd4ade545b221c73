import { toastError } from './error-toast.ts';
import { Button } from './ui/button.tsx';

/**
 * The next page of a list that grows: no screen loads a whole list at once (docs/decisions/0015).
 * A page that cannot be read says so (the list already shown stays, so no error screen would).
 */
export function LoadMoreButton({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<{ isFetchNextPageError: boolean; error: unknown }>;
}) {
  if (!hasNextPage) return null;
  const loadMore = async () => {
    const { isFetchNextPageError, error } = await fetchNextPage();
    if (isFetchNextPageError) toastError(error, { fallback: 'Failed to load more' });
  };
  return (
    <Button
      variant="outline"
      className="justify-self-center"
      disabled={isFetchingNextPage}
      onClick={() => void loadMore()}
    >
      {isFetchingNextPage ? 'Loading...' : 'Load more'}
    </Button>
  );
}
