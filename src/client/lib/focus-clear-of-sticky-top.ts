/** What stays at the window's top as the page scrolls: the phone's top bar, the reminder banner. */
const STICKY_TOP = '[data-sticky-top]';
/** Room left between the bars and the control they were covering. */
const GAP_PX = 8;

function isHeldInPlace(element: Element) {
  const { position } = getComputedStyle(element);
  return position === 'sticky' || position === 'fixed';
}

function overlaps(a: DOMRect, b: DOMRect) {
  return a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;
}

/**
 * Scrolls the control the keyboard has reached clear of the bars held at the window's top, when
 * they cover it. The browser scrolls a focused control only when it lies outside the window,
 * and not at all while those bars cover it (scroll padding does not change that): Shift+Tab up
 * the dashboard put the keyboard on the rules' buttons under the reminder banner (WCAG 2.4.11).
 * Read a frame later: the browser's own scroll comes after the focus event. Only the
 * keyboard's focus, as in a dialog (`dialog.tsx`): a click's target is in view already.
 */
export function keepKeyboardFocusClearOfStickyTop(): () => void {
  let frame = 0;
  const onFocusIn = (event: FocusEvent) => {
    const control = event.target;
    // The page's own controls: a dialog, a menu or the sidebar is held over the page itself.
    if (!(control instanceof Element) || !control.closest('main') || control.closest(STICKY_TOP))
      return;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (document.activeElement !== control || !control.matches(':focus-visible')) return;
      const box = control.getBoundingClientRect();
      const bars = [...document.querySelectorAll(STICKY_TOP)]
        .filter(isHeldInPlace)
        .map((bar) => bar.getBoundingClientRect());
      if (!bars.some((bar) => overlaps(bar, box))) return;
      // Clear of all of them that sit above the control's foot: the banner is under the top bar.
      const coveredTo = Math.max(
        ...bars.filter((bar) => bar.top < box.bottom).map((bar) => bar.bottom),
      );
      window.scrollBy({ top: box.top - coveredTo - GAP_PX, behavior: 'instant' });
    });
  };
  document.addEventListener('focusin', onFocusIn);
  return () => {
    cancelAnimationFrame(frame);
    document.removeEventListener('focusin', onFocusIn);
  };
}
