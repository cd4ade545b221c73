import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { focusMainContent, notePageChange } from '#client/components/ui/use-return-focus.ts';

/**
 * The page the browser's Back or Forward went to, heard as it happened. Registered when the
 * logged-in shell's code first runs, after the history guard of the dialogs
 * (lib/back-closes-dialogs.ts), which stops the moves it takes back before anyone else hears
 * them: only moves that happen reach this.
 */
let returnedTo: string | null = null;
window.addEventListener('popstate', () => {
  returnedTo = window.location.pathname;
});
// A move of the router's own (wouter announces them with these events) is no return: a Back
// heard earlier that did not change the page (from the skip link's anchor, say) must not make
// a later link to the same page look like one.
for (const type of ['pushState', 'replaceState']) {
  window.addEventListener(type, () => {
    returnedTo = null;
  });
}

/**
 * A new page of the app starts where a page loaded from the server would: at its top, with
 * keyboard focus at the start of its content. The router only swaps the screen, so without
 * this the next screen opened at the last one's scroll offset (a link at the foot of a phone's
 * dashboard opened the rules list half-way down), and focus fell to the body with the link that
 * held it, where a keyboard or screen reader user starts again from the top of the document.
 * Back and Forward keep the browser's own scroll restoration; focus still moves into the page.
 * Only a new path counts: the history's filters and the analytics' range change the query
 * string of the same page and leave both alone.
 */
export function NewPageStart() {
  const [pathname] = useLocation();
  const shown = useRef(pathname);
  // Nor one heard while logged out, when this was not there to take it.
  useEffect(() => {
    returnedTo = null;
  }, []);

  // Before the browser paints the new screen, so it never shows at the old offset.
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const isReturn = returnedTo === pathname;
    returnedTo = null;
    notePageChange();
    if (!isReturn) window.scrollTo(0, 0);
    focusMainContent();
  }, [pathname]);

  return null;
}
