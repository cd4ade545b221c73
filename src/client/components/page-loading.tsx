import { LoaderCircle } from 'lucide-react';

/** Shown while the session is being determined or a screen's code is loading. */
export function PageLoading() {
  return (
    <div
      role="status"
      className="text-muted-foreground flex min-h-[50vh] flex-1 items-center justify-center gap-2"
    >
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      <span>Loading...</span>
    </div>
  );
}
