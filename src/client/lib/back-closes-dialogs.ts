import { useEffect, useRef, useState } from 'react';

/**
 * Back closes the dialog or menu on top of the page, as Escape does, and the page stays where
 * it is (docs/decisions/0063). A phone's Back is how its owner leaves a dialog; before this it
 * left the page under the dialog too, and with it whatever had been typed there, without the
 * 'Discard changes?' question that Escape asks.
 *
 * The browser has already moved through its history when it says so (`popstate`), and that
 * move cannot be refused. So it is undone at once, before the router hears of it: where the
 * browser says where each entry stands (the Navigation API), by moving back to the entry that
 * was shown, the same number of steps the other way, nobody else hearing either move; the
 * entries on both sides stay, so Forward still goes forward, and a move held and then agreed
 * to goes where it went, back or forward. Elsewhere, by putting the entry that was shown (its
 * address and its state) back as a new entry: the entries ahead are lost, and a move agreed to
 * is taken as Back. Then the dialog on top is asked to close, the way Escape asks it: a form
 * with typed text asks first, one that is saving stays open. Where the page is the tab's first
 * entry, Back leaves the site without an event: only a form with typed text asks then
 * (`beforeunload`).
 */

/** What this module reads of the Navigation API, where the browser has it. */
type NavigationLike = { currentEntry: { index: number } | null };

/** An entry of the tab's history; `index` its place, where the browser says. */
type Entry = { href: string; state: unknown; index: number | null };
type Close = () => void;

/** The open dialogs' ways to close, the one on top last. */
const openDialogs: Close[] = [];

function currentIndex(): number | null {
  const navigation = (window as { navigation?: NavigationLike }).navigation;
  return navigation?.currentEntry?.index ?? null;
}

function currentEntry(): Entry {
  return { href: window.location.href, state: window.history.state, index: currentIndex() };
}

/** The entry the page shows, to return to after a move taken back. */
let shown = currentEntry();

/**
 * Asked when a move through the history would leave the page with no dialog open: answering
 * true keeps the page (the asker then asks the trader, who may still leave: `moveAnyway`).
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
/** The move back to the entry shown after a move was held: ours, nobody else's to hear. */
let isReturning = false;
/** How many steps the last move held went (−1 is Back): where `moveAnyway` goes. */
let heldSteps = -1;

/** Undoes the move `event` announces, before anyone else hears of it (see above). */
function undoMove(event: PopStateEvent) {
  const index = currentIndex();
  if (index !== null && shown.index !== null && index !== shown.index) {
    heldSteps = index - shown.index;
    event.stopImmediatePropagation();
    isReturning = true;
    window.history.go(-heldSteps);
    return;
  }
  heldSteps = -1;
  window.history.pushState(shown.state, '', shown.href);
}

function onHistoryMove(event: PopStateEvent) {
  if (isReturning) {
    isReturning = false;
    event.stopImmediatePropagation();
    return;
  }
  if (passNextMove) {
    passNextMove = false;
    shown = currentEntry();
    return;
  }
  const closeTop = openDialogs.at(-1);
  if (closeTop) {
    undoMove(event);
    closeTop();
    return;
  }
  // `shown` is where the move came from: only a move off that page is held.
  if (!isPageShown(shown.href) && holdsPage?.()) {
    undoMove(event);
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
 * Back or Forward with no dialog open asks `hold` first; while it answers true, the page
 * stays. Null stops asking. One asker at a time: the page's guard of unsaved changes.
 */
export function holdPageOnBack(hold: (() => boolean) | null) {
  holdsPage = hold;
}

/** The move held last (Back or Forward), as the trader asked after all: not held again. */
export function moveAnyway() {
  passNextMove = true;
  window.history.go(heldSteps);
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
