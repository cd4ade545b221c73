import { THEMES, type Theme } from '#shared/schemas/theme.ts';

/*
 * The theme: the user's choice is kept by the server (`user.preferences.theme`); this browser
 * keeps a copy only so that the script in index.html can paint the first frame in it, before
 * the app has asked the server anything. That script repeats `resolveTheme` and the colours
 * below in plain JavaScript (it must not wait for the bundle; the CSP allows it by its hash);
 * theme.test.ts runs it against these functions so the two cannot drift apart.
 */

/** What a theme looks like on screen once 'system' has been asked of the device. */
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'rulekeeper.theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/**
 * `<meta name="theme-color">` per theme: the brand's emerald in light, the dark page's own
 * colour (slate 950) in dark, so a phone's browser bar does not glare over a dark page.
 */
export const THEME_COLORS: Readonly<Record<ResolvedTheme, string>> = {
  light: '#047857',
  dark: '#020618',
};

/** A stored value read back: anything but a known theme (absent, edited, old) is 'system'. */
export function parseTheme(value: unknown): Theme {
  return THEMES.find((theme) => theme === value) ?? 'system';
}

export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** The theme this browser last applied. Storage can be unavailable (private mode): 'system'. */
export function readStoredTheme(): Theme {
  try {
    return parseTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

export function storeTheme(theme: Theme) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Without the copy the next first frame follows the device; the server still knows.
  }
}

export function prefersDarkScheme(): boolean {
  return window.matchMedia(DARK_SCHEME_QUERY).matches;
}

/** Puts the theme on the page: the `dark` class on <html> (the CSS does the rest) and the bar colour. */
export function applyResolvedTheme(resolved: ResolvedTheme, doc: Document = document) {
  doc.documentElement.classList.toggle('dark', resolved === 'dark');
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[resolved]);
}
