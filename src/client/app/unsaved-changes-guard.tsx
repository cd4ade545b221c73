import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { goBackAnyway, holdPageOnBack } from '#client/lib/back-closes-dialogs.ts';
import {
  discardUnsavedChanges,
  hasUnsavedChanges,
  subscribeToUnsavedChanges,
} from '#client/lib/unsaved-changes.ts';

/** Where the trader was going when asked: a page of the app, or Back. */
type Leaving = { to: string } | { back: true };

/**
 * The page of the app a click on this link would show, or null when the click is not a move
 * to another page of the app: a new tab or window, a download, an API file, another site, an
 * anchor of the same page. Those others leave the document, if at all, and the browser asks.
 */
function appPageOf(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return null;
  const to = `${url.pathname}${url.search}`;
  return to === `${window.location.pathname}${window.location.search}` ? null : to;
}

/**
 * Leaving a page whose forms hold unsaved changes (src/client/lib/unsaved-changes.ts) asks
 * 'Discard changes?' first, as closing a form's dialog does: a link of the app and Back are
 * held until the trader answers. "Keep editing" stays; "Discard" goes where they were going.
 */
export function UnsavedChangesGuard() {
  const isUnsaved = useSyncExternalStore(subscribeToUnsavedChanges, hasUnsavedChanges);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [, navigate] = useLocation();

  // A layout effect, as the forms' own: held from the render that shows the change.
  useLayoutEffect(() => {
    if (!isUnsaved) return;
    // Capturing, on the document: before the link's own handler (the router's) hears the click.
    const holdLink = (event: MouseEvent) => {
      const to = appPageOf(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ to });
    };
    document.addEventListener('click', holdLink, true);
    holdPageOnBack(() => {
      setLeaving({ back: true });
      return true;
    });
    return () => {
      document.removeEventListener('click', holdLink, true);
      holdPageOnBack(null);
    };
  }, [isUnsaved]);

  const leave = () => {
    if (!leaving) return;
    setLeaving(null);
    discardUnsavedChanges();
    if ('back' in leaving) goBackAnyway();
    else navigate(leaving.to);
  };

  if (!isUnsaved && !leaving) return null;
  return (
    <ConfirmDialog
      open={leaving !== null}
      onOpenChange={(open) => {
        if (!open) setLeaving(null);
      }}
      title="Discard changes?"
      description="What you changed on this page has not been saved and will be lost."
      cancelLabel="Keep editing"
      confirmLabel="Discard"
      destructive
      onConfirm={leave}
    />
  );
}
