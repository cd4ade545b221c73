import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { THEMES } from '#shared/schemas/theme.ts';
import { pageInlineScripts } from '#testing/page-scripts.ts';
import {
  DARK_SCHEME_QUERY,
  parseTheme,
  resolveTheme,
  THEME_COLORS,
  THEME_STORAGE_KEY,
  type ResolvedTheme,
} from './theme.ts';

describe('parseTheme', () => {
  it.each(THEMES)('keeps %s', (theme) => {
    expect(parseTheme(theme)).toBe(theme);
  });

  it.each([null, undefined, '', 'Dark', 'blue', ' dark', 1])('reads %j as system', (value) => {
    expect(parseTheme(value)).toBe('system');
  });
});

describe('resolveTheme', () => {
  it.each([
    ['light', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
    ['system', false, 'light'],
    ['system', true, 'dark'],
  ] as const)('%s with a dark device %s is %s', (theme, prefersDark, expected) => {
    expect(resolveTheme(theme, prefersDark)).toBe(expected);
  });
});

/** What index.html's theme script (run inline before the first paint) does to a page, run as the browser runs it, with the given storage. */
function runBootScript({
  stored,
  prefersDark,
  storageThrows = false,
}: {
  stored: string | null;
  prefersDark: boolean;
  storageThrows?: boolean;
}) {
  const classes = new Set<string>();
  const meta = { content: '#000000' };
  const askedQueries: string[] = [];
  runInNewContext(pageInlineScripts().theme, {
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return key === THEME_STORAGE_KEY ? stored : null;
      },
    },
    matchMedia: (query: string) => {
      askedQueries.push(query);
      return { matches: query === DARK_SCHEME_QUERY && prefersDark };
    },
    document: {
      documentElement: {
        classList: {
          toggle: (name: string, force: boolean) =>
            force ? classes.add(name) : classes.delete(name),
        },
      },
      querySelector: (selector: string) =>
        selector === 'meta[name="theme-color"]'
          ? {
              setAttribute: (name: string, value: string) =>
                name === 'content' && (meta.content = value),
            }
          : null,
    },
  });
  const resolved: ResolvedTheme = classes.has('dark') ? 'dark' : 'light';
  return { resolved, themeColor: meta.content, classes: [...classes], askedQueries };
}

describe("index.html's theme script, run before the first paint", () => {
  const cases = [...THEMES, null, 'blue'].flatMap((stored) =>
    [false, true].map((prefersDark) => ({ stored, prefersDark })),
  );

  it.each(cases)(
    'stored $stored, dark device $prefersDark: the theme the app would apply',
    ({ stored, prefersDark }) => {
      const expected = resolveTheme(parseTheme(stored), prefersDark);
      const page = runBootScript({ stored, prefersDark });
      expect(page.resolved).toBe(expected);
      expect(page.classes).toEqual(expected === 'dark' ? ['dark'] : []);
      expect(page.themeColor).toBe(THEME_COLORS[expected]);
    },
  );

  it('follows the device when storage is unavailable', () => {
    expect(
      runBootScript({ stored: 'light', prefersDark: true, storageThrows: true }),
    ).toMatchObject({ resolved: 'dark', askedQueries: [DARK_SCHEME_QUERY] });
  });
});
