import { LoaderCircle } from 'lucide-react';

/**
 * Shown while the session is being determined or a screen's code is loading. At least as tall as
 * the window, so the footer below starts out of sight: content arriving later then pushes it
 * further down unseen, instead of shifting a visible footer (a layout shift on every first load).
 * index.html draws the same before the app has arrived (docs/decisions/0060-the-page-paints-first.md).
 */
export function PageLoading() {
  return (
    <div
      role="status"
      className="text-muted-foreground flex min-h-dvh flex-1 items-center justify-center gap-2"
    >
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      <span>Loading...</span>
    </div>
  );
}
