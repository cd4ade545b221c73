import type { ReactNode } from 'react';

/** How long a toast shows at least, as the product was observed. */
export const TOAST_DURATION_MS = 5000;
/** Words read in a second, slowly: about 200 a minute. */
const WORDS_PER_SECOND = 3.3;
/** Time to notice the toast before reading it. */
const NOTICE_MS = 1000;

/**
 * How long a toast stays: the observed 5 s, or long enough to read its words at an unhurried
 * pace when they are many ('Your login has expired' with what became of the typed text is 21
 * words), so that no message goes before it can be read. Hovering or focusing it holds it too.
 */
export function toastDuration(title: ReactNode, description: ReactNode): number {
  const words = [title, description]
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(TOAST_DURATION_MS, Math.round((words / WORDS_PER_SECOND) * 1000) + NOTICE_MS);
}
