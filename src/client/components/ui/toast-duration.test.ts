import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, toastDuration } from './toast-duration.ts';

describe('a toast stays', () => {
  it('the observed 5 s for a few words', () => {
    expect(toastDuration('Success', 'Trading session has been created')).toBe(TOAST_DURATION_MS);
    expect(toastDuration(undefined, undefined)).toBe(TOAST_DURATION_MS);
  });

  it('long enough to read many words', () => {
    const title = 'Your login has expired';
    const description =
      'Please log in again. What you were typing is kept: open the same form to go on.';
    // 21 words at 3.3 a second, and a second to notice it.
    expect(toastDuration(title, description)).toBe(7364);
    expect(toastDuration(title, `${description} ${description}`)).toBeGreaterThan(10_000);
  });
});
