import { useEffect } from 'react';
import type { Theme } from '#shared/schemas/theme.ts';
import {
  applyResolvedTheme,
  DARK_SCHEME_QUERY,
  readStoredTheme,
  resolveTheme,
  storeTheme,
} from './theme.ts';

/**
 * Keeps the page in the logged-in user's theme (the server's value is the truth) and this
 * browser's copy of it up to date. Logged out, the last theme stays: the login screen looks
 * as the app did. 'system' follows the device as it changes, without a reload.
 */
export function useThemeSync(userTheme: Theme | undefined) {
  useEffect(() => {
    if (userTheme) storeTheme(userTheme);
    const theme = userTheme ?? readStoredTheme();
    const media = window.matchMedia(DARK_SCHEME_QUERY);
    const apply = () => applyResolvedTheme(resolveTheme(theme, media.matches));
    apply();
    if (theme !== 'system') return;
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [userTheme]);
}
