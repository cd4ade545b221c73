import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { pageInlineScripts } from '#testing/page-scripts.ts';
import {
  CodeLoadError,
  loadCode,
  reloadForMissingCode,
  RELOAD_AGAIN_AFTER_MS,
  RELOADED_AT_KEY,
} from './missing-code.ts';

/** A tab's session storage, as far as the reload's guard uses it. */
function tabStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('loadCode', () => {
  it('answers what the import answers', async () => {
    await expect(loadCode(() => Promise.resolve({ Screen: 'here' }))).resolves.toEqual({
      Screen: 'here',
    });
  });

  it('marks a failed import as code that did not arrive, keeping its cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const failure = await loadCode(() => Promise.reject(cause)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CodeLoadError);
    expect((failure as CodeLoadError).cause).toBe(cause);
  });
});

describe('reloadForMissingCode', () => {
  const now = Date.UTC(2026, 10, 29, 10);

  it('reloads the page and remembers when', () => {
    const storage = tabStorage();
    const reload = vi.fn();
    expect(reloadForMissingCode({ storage, now, reload })).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.items.get(RELOADED_AT_KEY)).toBe(String(now));
  });

  it('does not reload again within a minute, and does after it', () => {
    const storage = tabStorage({ [RELOADED_AT_KEY]: String(now) });
    const reload = vi.fn();
    const later = (ms: number) => reloadForMissingCode({ storage, now: now + ms, reload });
    expect(later(RELOAD_AGAIN_AFTER_MS - 1)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(later(RELOAD_AGAIN_AFTER_MS)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload when the clock went back to just before the last reload', () => {
    const storage = tabStorage({ [RELOADED_AT_KEY]: String(now) });
    expect(reloadForMissingCode({ storage, now: now - 1_000, reload: vi.fn() })).toBe(false);
  });

  it('reads a mangled record as none', () => {
    const reload = vi.fn();
    const storage = tabStorage({ [RELOADED_AT_KEY]: 'soon' });
    expect(reloadForMissingCode({ storage, now, reload })).toBe(true);
  });

  it('does not reload when the tab cannot remember it did (it could go on for ever)', () => {
    const reload = vi.fn();
    expect(reloadForMissingCode({ storage: undefined, now, reload })).toBe(false);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadForMissingCode({ storage: full, now, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

/** An element as far as the page's script uses it. */
interface FakeElement {
  tagName: string;
  rel?: string;
  type?: string;
  className?: string;
  textContent?: string;
  attributes: Record<string, string>;
  children: FakeElement[];
  focused?: boolean;
}

function element(tagName: string, props: Partial<FakeElement> = {}): FakeElement {
  return { tagName, attributes: {}, children: [], ...props };
}

/**
 * index.html's script, run as the browser runs it in a page whose loading screen is
 * `screen` (null once the app has removed it). Returns the page, to send it a file's error.
 */
function pageWithScript(storage: ReturnType<typeof tabStorage>, screen: FakeElement | null) {
  const reload = vi.fn();
  let listener: ((event: { target: unknown }) => void) | undefined;
  const methods = (node: FakeElement) =>
    Object.assign(node, {
      setAttribute: (name: string, value: string) => (node.attributes[name] = value),
      removeAttribute: (name: string) => delete node.attributes[name],
      addEventListener: () => undefined,
      focus: () => (node.focused = true),
      replaceChildren: (...children: FakeElement[]) => (node.children = children),
    });
  if (screen) methods(screen);
  runInNewContext(pageInlineScripts().missingCode, {
    sessionStorage: storage,
    location: { reload },
    document: {
      getElementById: (id: string) => (id === 'page-loading' ? screen : null),
      createElement: (tagName: string) => methods(element(tagName.toUpperCase())),
    },
    addEventListener: (type: string, handler: typeof listener, capture: boolean) => {
      if (type === 'error' && capture) listener = handler;
    },
  });
  return {
    reload,
    failToLoad(target: FakeElement) {
      listener?.({ target });
    },
  };
}

describe("index.html's script for the app's files that do not arrive", () => {
  const loadingScreen = () => element('DIV', { attributes: { role: 'status' } });

  it.each([
    ['a script', element('SCRIPT')],
    ['the stylesheet', element('LINK', { rel: 'stylesheet' })],
    ['a screen file named in the page', element('LINK', { rel: 'modulepreload' })],
  ])('reloads the page once when %s does not arrive, by the key the app uses', (_name, file) => {
    const storage = tabStorage();
    const screen = loadingScreen();
    const page = pageWithScript(storage, screen);
    page.failToLoad(file);
    page.failToLoad(element('SCRIPT'));
    expect(page.reload).toHaveBeenCalledOnce();
    // Still "Loading..." while the page loads again, even as more files fail meanwhile.
    expect(screen.children).toEqual([]);
    // The app, failing to load a screen just after, does not reload again.
    expect(reloadForMissingCode({ storage, reload: vi.fn() })).toBe(false);
  });

  it('leaves other failures alone: an image, an icon, an event without an element', () => {
    const screen = loadingScreen();
    const page = pageWithScript(tabStorage(), screen);
    page.failToLoad(element('IMG'));
    page.failToLoad(element('LINK', { rel: 'icon' }));
    page.failToLoad(undefined as unknown as FakeElement);
    expect(page.reload).not.toHaveBeenCalled();
    expect(screen.children).toEqual([]);
  });

  it('leaves the app’s own loads to the app once it runs (the loading screen is gone)', () => {
    const page = pageWithScript(tabStorage(), null);
    page.failToLoad(element('SCRIPT'));
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('says so, with a way to try again, when the app has just reloaded for missing code', () => {
    const storage = tabStorage();
    expect(reloadForMissingCode({ storage, reload: vi.fn() })).toBe(true);
    const screen = loadingScreen();
    const page = pageWithScript(storage, screen);

    page.failToLoad(element('SCRIPT'));

    expect(page.reload).not.toHaveBeenCalled();
    expect(screen.attributes).toEqual({}); // no longer a loading status
    const [message, button] = screen.children;
    expect(message).toMatchObject({
      tagName: 'P',
      attributes: { role: 'alert' },
      textContent: 'Rulekeeper could not be loaded. Check your connection, then reload the page.',
    });
    expect(button).toMatchObject({ tagName: 'BUTTON', textContent: 'Reload', focused: true });
  });

  it('says so when the tab has no storage to remember a reload by', () => {
    const screen = loadingScreen();
    const noStorage = {
      items: new Map(),
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    const page = pageWithScript(noStorage, screen);
    page.failToLoad(element('SCRIPT'));
    expect(page.reload).not.toHaveBeenCalled();
    expect(screen.children.map((child) => child.tagName)).toEqual(['P', 'BUTTON']);
  });
});
