import { useLayoutEffect } from 'react';

/**
 * The page's forms that hold changes not yet saved (docs/decisions/0065). A form in a dialog
 * asks before its dialog closes (FormDialog); a form on the page itself, such as a settings
 * card, tells this module, and leaving the page then asks first: a link of the app, Back or an
 * action that leaves (`UnsavedChangesGuard`), a reload or closing the tab (the browser's own
 * question, below).
 */

const unsaved = new Set<symbol>();
const listeners = new Set<() => void>();

/** A reload, closing the tab or an address typed: only the browser can ask, in its own words. */
function askBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
}

function changed() {
  // Listening only while something is unsaved: the listener keeps a page out of some
  // browsers' back-forward cache.
  if (unsaved.size > 0) window.addEventListener('beforeunload', askBeforeUnload);
  else window.removeEventListener('beforeunload', askBeforeUnload);
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`: called whenever a form's state here changes. */
export function subscribeToUnsavedChanges(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether any form of the page holds changes not yet saved. */
export function hasUnsavedChanges() {
  return unsaved.size > 0;
}

/** Asks the trader, then calls `leave` if they choose to; set by the page's guard. */
let askToLeave: ((leave: () => void) => void) | null = null;

export function setLeaveAsker(ask: ((leave: () => void) => void) | null) {
  askToLeave = ask;
}

/**
 * An action that leaves the page other than a link or Back (logging out): done at once, or,
 * with changes not saved, once the trader chooses to discard them.
 */
export function leaveUnlessUnsaved(leave: () => void) {
  if (hasUnsavedChanges() && askToLeave) askToLeave(leave);
  else leave();
}

/**
 * While `isUnsaved` (and the form mounted), leaving the page asks first. A layout effect: the
 * change counts in the render that shows it, before the next key press or click can leave.
 */
export function useUnsavedChanges(isUnsaved: boolean) {
  useLayoutEffect(() => {
    if (!isUnsaved) return;
    const form = Symbol('unsaved form');
    unsaved.add(form);
    changed();
    return () => {
      if (unsaved.delete(form)) changed();
    };
  }, [isUnsaved]);
}
