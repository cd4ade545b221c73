import { useRef } from 'react';

/** Where focus goes when the element that opened a dialog is gone (its row was deleted). */
const FALLBACK_ID = 'main-content';

/**
 * Puts focus back on `opener`. When it is gone or cannot take focus, and nothing else holds
 * focus (a closing parent dialog may already have placed it), focus goes to the main content
 * region rather than falling to the body, where keyboard and screen reader users lose their place.
 */
export function returnFocus(opener: HTMLElement | null) {
  if (opener?.isConnected) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  document.getElementById(FALLBACK_ID)?.focus();
}

type AutoFocusHandler = (event: Event) => void;

/**
 * Radix returns focus only to a `Trigger`; our dialogs are opened from ordinary buttons (a row's
 * Edit, a page's Add), so without this focus fell to the body on every close. The opener is the
 * element that had focus when the dialog opened, read before Radix moves focus inside.
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  onOpenAutoFocus?: AutoFocusHandler | undefined;
  onCloseAutoFocus?: AutoFocusHandler | undefined;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      returnFocus(opener.current);
      opener.current = null;
    },
  };
}
