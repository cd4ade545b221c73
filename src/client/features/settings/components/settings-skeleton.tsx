import { Skeleton } from '#client/components/ui/skeleton.tsx';

/** Both cards' shapes while the user loads. */
export function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading settings" className="grid gap-6">
      <Skeleton shape="card" className="h-96" />
      <Skeleton shape="card" className="h-72" />
    </div>
  );
}
