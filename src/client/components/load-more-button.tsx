import { Button } from './ui/button.tsx';

/** The next page of a list that grows: no screen loads a whole list at once (docs/decisions/0015). */
export function LoadMoreButton({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  if (!hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="justify-self-center"
      disabled={isFetchingNextPage}
      onClick={() => void fetchNextPage()}
    >
      {isFetchingNextPage ? 'Loading...' : 'Load more'}
    </Button>
  );
}
