import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { moveAnyway, holdPageOnBack, isPageShown } from '#client/lib/back-closes-dialogs.ts';
import {
  hasUnsavedChanges,
  setLeaveAsker,
  subscribeToUnsavedChanges,
} from '#client/lib/unsaved-changes.ts';

/**
 * The link of the app a click on it would follow, or null when the click is not a move to
 * another page of the app: a new tab or window, a download, an API file, another site, an
 * anchor of the same page. Those others leave the document, if at all, and the browser asks.
 */
function appLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return null;
  return isPageShown(link.href) ? null : link;
}

/**
 * Leaving a page whose forms hold unsaved changes (src/client/lib/unsaved-changes.ts) asks
 * 'Discard changes?' first, as closing a form's dialog does: a link of the app, Back and an
 * action that leaves (logging out) are held until the trader answers. "Keep editing" stays;
 * "Discard" does what was held: the link is followed as it would have been, Back goes back.
 */
export function UnsavedChangesGuard() {
  const isUnsaved = useSyncExternalStore(subscribeToUnsavedChanges, hasUnsavedChanges);
  const [leave, setLeave] = useState<(() => void) | null>(null);
  /** The one click the trader chose to let through: the held link's, clicked again. */
  const letThrough = useRef(false);

  useLayoutEffect(() => {
    setLeaveAsker((held) => setLeave(() => held));
    return () => setLeaveAsker(null);
  }, []);

  // A layout effect, as the forms' own: held from the render that shows the change.
  useLayoutEffect(() => {
    if (!isUnsaved) return;
    // Capturing, on the document: before the link's own handler (the router's) hears the click.
    const holdLink = (event: MouseEvent) => {
      if (letThrough.current) {
        letThrough.current = false;
        return;
      }
      const link = appLinkOf(event);
      if (!link) return;
      event.preventDefault();
      event.stopPropagation();
      setLeave(() => () => {
        letThrough.current = true;
        link.click();
      });
    };
    document.addEventListener('click', holdLink, true);
    holdPageOnBack(() => {
      setLeave(() => moveAnyway);
      return true;
    });
    return () => {
      document.removeEventListener('click', holdLink, true);
      holdPageOnBack(null);
    };
  }, [isUnsaved]);

  if (!isUnsaved && !leave) return null;
  return (
    <ConfirmDialog
      open={leave !== null}
      onOpenChange={(open) => {
        if (!open) setLeave(null);
      }}
      title="Discard changes?"
      description="What you changed on this page has not been saved and will be lost."
      cancelLabel="Keep editing"
      confirmLabel="Discard"
      destructive
      onConfirm={() => {
        setLeave(null);
        leave?.();
      }}
    />
  );
}
