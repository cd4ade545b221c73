import { useCallback, useRef } from 'react';

/** Where focus goes when the element that opened a dialog is gone (its row was deleted). */
const FALLBACK_ID = 'main-content';

/** How many times the app has moved to another page (NewPageStart counts them). */
let pageChanges = 0;

/** Called by the layout as the app moves to another page (a new path). */
export function notePageChange() {
  pageChanges += 1;
}

/** Puts keyboard focus at the start of the page's content: its main region, which takes it unseen. */
export function focusMainContent() {
  document.getElementById(FALLBACK_ID)?.focus({ preventScroll: true });
}

/**
 * A control's row in a list (an `li`, or a table's `tr`): the list, the rows beside it, and its
 * place in it, for when those have gone too (a bulk delete).
 */
export type RowPlace = {
  list: Element;
  next: Element | null;
  previous: Element | null;
  index: number;
};

export const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Where `control` sits, read while it is in the page: once its row is gone, so is the way up. */
export function rowPlaceOf(control: Element | null): RowPlace | null {
  const row = control?.closest('li, tr');
  const list = row?.parentElement;
  if (!row || !list) return null;
  return {
    list,
    next: row.nextElementSibling,
    previous: row.previousElementSibling,
    index: Array.prototype.indexOf.call(list.children, row),
  };
}

const REGION = '[role="region"], section[aria-labelledby], section[aria-label]';

/**
 * The elements around `control`, nearest first, up to its card or region (included): where
 * focus can go on when the control itself has gone with what held it (an empty list's 'Add
 * Your First Rule', replaced by the list). Not beyond: the page around a card is not where the
 * control was, and its first control is at the page's top. None outside the main content.
 */
export function surroundingsOf(control: Element | null): Element[] {
  const surroundings: Element[] = [];
  for (
    let node = control?.parentElement;
    node && node.id !== FALLBACK_ID;
    node = node.parentElement
  ) {
    if (node.contains(document.getElementById(FALLBACK_ID))) return [];
    surroundings.push(node);
    if (node.matches(`[data-card], ${REGION}`)) return surroundings;
  }
  return [];
}

/**
 * Focus to the first control inside the nearest of `surroundings` still in the page; with none
 * there (a card whose figures replaced its 'Try again'), to the nearest region around, the
 * card itself, which takes focus from script only.
 */
function focusWithin(surroundings: Element[]) {
  const connected = surroundings.filter((element) => element.isConnected);
  const control = connected[0]?.querySelector<HTMLElement>(FOCUSABLE);
  if (control) {
    control.focus();
    return document.activeElement === control;
  }
  const region = connected.find((element) => element.matches(REGION));
  if (!(region instanceof HTMLElement)) return false;
  if (!region.hasAttribute('tabindex')) region.tabIndex = -1;
  region.focus();
  return document.activeElement === region;
}

/**
 * Focus to the first control of the row that took the gone row's place: the one after it, else
 * the one before it (it was the last), else, those gone too, the row now at its place or the
 * new last row. Rows added or removed above it meanwhile do not shift the choice.
 */
function focusRowAt({ list, next, previous, index }: RowPlace) {
  if (!list.isConnected) return false;
  const stays = (row: Element | null) => row?.parentElement === list;
  const row =
    [next, previous].find(stays) ?? list.children[Math.min(index, list.children.length - 1)];
  const control = row?.querySelector<HTMLElement>(FOCUSABLE);
  control?.focus();
  return control != null && document.activeElement === control;
}

/**
 * Puts focus back on `opener`. When it is gone or cannot take focus, and nothing else holds
 * focus (a closing parent dialog may already have placed it), focus goes to the row that took
 * the opener's row's place in its list (`place`: a deleted row's next, or the new last), else
 * to what is left around it in its card (`surroundings`, from `surroundingsOf`), else to the
 * main content region, rather than falling to the body, where keyboard and screen reader users
 * lose their place (docs/decisions/0074-focus-after-a-row-goes.md).
 */
export function returnFocus(
  opener: HTMLElement | null,
  place: RowPlace | null = null,
  surroundings: Element[] = [],
) {
  if (opener?.isConnected) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (place && focusRowAt(place)) return;
  if (focusWithin(surroundings)) return;
  focusMainContent();
}

type AutoFocusHandler = (event: Event) => void;

/**
 * Where focus goes when a dialog, drawer or menu closes.
 *
 * - Closed by a move to another page (a link in it, or 'Discard' on the way to one): to that
 *   page's content, as after any other link (docs/decisions/0068). The layout puts it there as
 *   the page changes, but an open dialog holds focus inside itself until it has closed, and
 *   would then give it back to its opener, on the page left behind or in the sidebar.
 * - Otherwise, with `toOpener` (the default), to the element that had focus when it opened,
 *   read before Radix moves focus inside: Radix returns focus only to a `Trigger`, and our
 *   dialogs are opened from ordinary buttons (a row's Edit, a page's Add), so without this
 *   focus fell to the body on every close. Without `toOpener` (the phone's drawer, opened by
 *   its `Trigger`), Radix gives it back to the trigger.
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
  toOpener = true,
}: {
  onOpenAutoFocus?: AutoFocusHandler | undefined;
  onCloseAutoFocus?: AutoFocusHandler | undefined;
  toOpener?: boolean;
}) {
  const opener = useRef<HTMLElement | null>(null);
  const openerPlace = useRef<RowPlace | null>(null);
  const openerSurroundings = useRef<Element[]>([]);
  const openedOnPage = useRef(pageChanges);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      openerPlace.current = rowPlaceOf(opener.current);
      openerSurroundings.current = surroundingsOf(opener.current);
      openedOnPage.current = pageChanges;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const returnTo = opener.current;
      opener.current = null;
      if (event.defaultPrevented) return;
      if (openedOnPage.current !== pageChanges) {
        event.preventDefault();
        focusMainContent();
      } else if (toOpener) {
        event.preventDefault();
        returnFocus(returnTo, openerPlace.current, openerSurroundings.current);
      }
    },
  };
}

/**
 * A menu's part of the above: Radix gives focus back to the menu's trigger when it closes,
 * unless an item went to another page ('Settings' in the account menu), whose content then
 * takes it. A menu's content tells nothing as it opens, so it is known open when it mounts
 * (`ref`).
 */
export function useMenuFocusAfterPageChange(onCloseAutoFocus?: AutoFocusHandler | undefined) {
  const openedOnPage = useRef(pageChanges);
  const ref = useCallback((node: HTMLElement | null) => {
    if (node) openedOnPage.current = pageChanges;
  }, []);
  return {
    ref,
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented || openedOnPage.current === pageChanges) return;
      event.preventDefault();
      focusMainContent();
    },
  };
}
