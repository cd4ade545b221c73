import { Skeleton } from '#client/components/ui/skeleton.tsx';

/** Both cards' shapes while the user loads. */
export function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading settings" className="grid gap-6">
      <Skeleton className="h-96 rounded-xl" />
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}
