import { Skeleton } from '#client/components/ui/skeleton.tsx';

/** The shape of the details page while the session loads. */
export function SessionDetailsSkeleton() {
  return (
    <div role="status" aria-label="Loading session" className="grid gap-6">
      <Skeleton className="h-9 w-56" />
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
      <Skeleton className="h-40" />
      <Skeleton className="h-64" />
    </div>
  );
}
