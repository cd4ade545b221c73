/**
 * Code that does not arrive. Every screen but the login loads its code on demand, by file names
 * that change with every build, and the server serves only its own build's files. A tab left
 * open over an upgrade then asks for files the server no longer has, and during a rolling
 * upgrade a page from one instance may ask another. Loading the page again brings the version
 * the server has; that is tried once a minute at most, so that a file missing for another
 * reason (the connection, a broken deployment) is said instead of reloading in circles
 * (docs/decisions/0061-a-new-version-under-an-open-page.md).
 *
 * index.html does the same for the app's own files before the app runs, with the same key: a
 * reload made by either counts for both. Its test runs that script (missing-code.test.ts).
 */
export const RELOADED_AT_KEY = 'rulekeeper.reloaded-for-missing-code';

/** A page reloaded for missing code less than this long ago is not reloaded for it again. */
export const RELOAD_AGAIN_AFTER_MS = 60_000;

/** A dynamic import that failed: the code of a screen or a component did not arrive. */
export class CodeLoadError extends Error {
  override name = 'CodeLoadError';
}

/** Runs `load`, a dynamic import, and marks its failure as code that did not arrive. */
export function loadCode<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    throw new CodeLoadError('Code the page needs could not be loaded', { cause: error });
  });
}

type ReloadStorage = Pick<Storage, 'getItem' | 'setItem'>;

function tabStorage(): ReloadStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Loads the page again, unless it was loaded again for missing code within the last minute, or
 * the tab cannot remember that it was (without storage a reload could repeat forever). Answers
 * whether it reloads.
 */
export function reloadForMissingCode({
  storage = tabStorage(),
  now = Date.now(),
  reload = () => window.location.reload(),
}: { storage?: ReloadStorage; now?: number; reload?: () => void } = {}): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(RELOADED_AT_KEY)) || 0;
    if (Math.abs(now - last) < RELOAD_AGAIN_AFTER_MS) return false;
    storage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}
