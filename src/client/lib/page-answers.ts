import { PAGE_ANSWERS_ID } from '#shared/page-answers.ts';

/**
 * The answers the page came with, by path (src/server/plugins/page-answers.ts): the app's first
 * calls take them instead of asking the server again (docs/decisions/0049-page-answers.md).
 * Each is used once, by the first GET of its URL, as the browser hands a preloaded answer to
 * one request; a later call asks the server. A write forgets whatever is left: what the page
 * said before it may no longer be true.
 */
export interface PageAnswers {
  /** The answer to a GET of `url` the page came with, if it has not been taken yet. */
  take(url: string): { value: unknown } | undefined;
  /** Drops the answers not taken yet. */
  forget(): void;
}

/** `readPage` gives the element's text (null when the page has none); it is read at first use. */
export function createPageAnswers(readPage: () => string | null | undefined): PageAnswers {
  let answers: Map<string, unknown> | undefined;

  function load(): Map<string, unknown> {
    if (answers) return answers;
    answers = new Map();
    try {
      const parsed: unknown = JSON.parse(readPage() ?? 'null');
      if (parsed && typeof parsed === 'object') answers = new Map(Object.entries(parsed));
    } catch {
      // A page without readable answers: every call asks the server, as it would anyway.
    }
    return answers;
  }

  return {
    take(url) {
      const loaded = load();
      if (!loaded.has(url)) return undefined;
      const value = loaded.get(url);
      loaded.delete(url);
      return { value };
    },
    forget() {
      answers = new Map();
    },
  };
}

export const pageAnswers = createPageAnswers(() => {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(PAGE_ANSWERS_ID);
  // Read once, then gone from the page: after a logout, which keeps the page, the next person
  // at this browser finds nothing of the last one's answers in it (decision 64's bar).
  element?.remove();
  return element?.textContent;
});
