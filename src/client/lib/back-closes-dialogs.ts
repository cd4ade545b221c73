import { useEffect, useRef, useState } from 'react';

/**
 * Back closes the dialog or menu on top of the page, as Escape does, and the page stays where
 * it is (docs/decisions/0063). A phone's Back is how its owner leaves a dialog; before this it
 * left the page under the dialog too, and with it whatever had been typed there, without the
 * 'Discard changes?' question that Escape asks.
 *
 * The browser has already moved through its history when it says so (`popstate`), and that
 * move cannot be refused. So it is undone at once: this module's listener puts back the entry
 * that was shown (its address and its state) as a new entry, before the router hears of the
 * move. Then the dialog on top is asked to close, the way Escape asks it: a form with typed
 * text asks first, one that is saving stays open. The forward entries, if any, are lost: the
 * price of a history that cannot be told "not now". Chromium does not let a later Back skip
 * the entry put back (its history-manipulation intervention spares pages the user has
 * interacted with, and a dialog opens on a tap). Where the page is the tab's first entry, Back
 * leaves the site without an event: only a form with typed text asks then (`beforeunload`).
 */

type Entry = { href: string; state: unknown };
type Close = () => void;

/** The open dialogs' ways to close, the one on top last. */
const openDialogs: Close[] = [];

function currentEntry(): Entry {
  return { href: window.location.href, state: window.history.state };
}

/** The entry the page shows, so that it can be put back after a Back taken back. */
let shown = currentEntry();

/**
 * Asked when Back would leave the page with no dialog open: answering true keeps the page (the
 * asker then asks the trader, who may still leave with `goBackAnyway`).
 */
let holdsPage: (() => boolean) | null = null;

/**
 * Whether `href` is the page shown, its anchors aside: an anchor of the same page
 * (`#main-content`) moves through the history too, and leaves nothing.
 */
export function isPageShown(href: string) {
  const { pathname, search } = new URL(href, window.location.href);
  return pathname === window.location.pathname && search === window.location.search;
}

/** A move the trader already agreed to, which must not be held. */
let passNextMove = false;

function onHistoryMove() {
  if (passNextMove) {
    passNextMove = false;
    shown = currentEntry();
    return;
  }
  const closeTop = openDialogs.at(-1);
  if (closeTop) {
    window.history.pushState(shown.state, '', shown.href);
    closeTop();
    return;
  }
  // `shown` is where Back came from: only a move off that page is held.
  if (!isPageShown(shown.href) && holdsPage?.()) {
    window.history.pushState(shown.state, '', shown.href);
    return;
  }
  shown = currentEntry();
}

// First of the page's listeners (main.tsx runs this module before anything else listens): a
// listener's microtasks run before the next listener's turn, and the router renders in one, so
// a router that heard of the move first would already have left the page.
window.addEventListener('popstate', onHistoryMove);
// The router (wouter) announces its own moves with events of these names.
for (const type of ['pushState', 'replaceState']) {
  window.addEventListener(type, () => {
    shown = currentEntry();
  });
}

/**
 * While `open`, Back calls `close` (the latest one given) instead of leaving the page, if this
 * is the dialog on top. `close` decides: it may ask first, or refuse while saving.
 */
function useBackCloses(open: boolean, close: Close) {
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });

  useEffect(() => {
    if (!open) return;
    const closeThis: Close = () => latestClose.current();
    openDialogs.push(closeThis);
    return () => {
      const index = openDialogs.indexOf(closeThis);
      if (index >= 0) openDialogs.splice(index, 1);
    };
  }, [open]);
}

/**
 * Back with no dialog open asks `hold` first; while it answers true, the page stays. Null
 * stops asking. One asker at a time: the page's guard of unsaved changes.
 */
export function holdPageOnBack(hold: (() => boolean) | null) {
  holdsPage = hold;
}

/** Back, as the trader asked after being held: this move is not held again. */
export function goBackAnyway() {
  passNextMove = true;
  window.history.back();
}

type OpenState = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/**
 * The open state of a dialog's or a menu's root, given (`open`) or its own: while open, Back
 * closes it as Escape would, through the same `onOpenChange`. Spread the answer on the root.
 */
export function useOpenClosedByBack({ open, defaultOpen = false, onOpenChange }: OpenState) {
  const [openByItself, setOpenByItself] = useState(defaultOpen);
  const isOpen = open ?? openByItself;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOpenByItself(next);
    onOpenChange?.(next);
  };
  useBackCloses(isOpen, () => setOpen(false));
  return { open: isOpen, onOpenChange: setOpen };
}
