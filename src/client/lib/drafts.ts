/**
 * What a trader was typing in a form when the login ended (docs/decisions/0064). The login
 * screen takes the place of the form, so the text would be lost; it is kept in the tab's
 * session storage instead, under its writer's id and the form's key, and given back when the
 * same writer opens the same form again. A draft is given back once: from then on it lives in
 * the form. Logging out forgets every draft, and logging in forgets everyone else's, so the next
 * person at the computer finds none.
 *
 * A draft holds only the fields the trader changed: restoring it never reverts a field of a
 * rule or a session that was changed elsewhere in the meantime.
 */

/** The changed values of an open form, read when the login ends; null when nothing changed. */
export type DraftSource = { key: string; values: () => Record<string, unknown> | null };

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const PREFIX = 'rulekeeper.draft.';

const storageKey = (writer: number, key: string) => `${PREFIX}${writer}.${key}`;

/** The tab's session storage, or none where the browser refuses it (storage switched off). */
function tabStorage(): DraftStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The open forms that have something to keep. */
const openForms = new Set<DraftSource>();

/** While a form is open: its values are kept if the login ends. Returns the way to stop. */
export function watchForDraft(source: DraftSource): () => void {
  openForms.add(source);
  return () => openForms.delete(source);
}

/** The fields of `values` that differ from `defaults`: what the trader changed. */
export function changedFields(
  values: Record<string, unknown>,
  defaults: Record<string, unknown>,
): Record<string, unknown> | null {
  const changed = Object.entries(values).filter(
    ([name, value]) => JSON.stringify(value) !== JSON.stringify(defaults[name]),
  );
  return changed.length > 0 ? Object.fromEntries(changed) : null;
}

/**
 * The login of `writer` has ended: keeps what each open form holds. Returns how many were kept;
 * one that storage refuses (full, or switched off) is not counted.
 */
export function keepDrafts(writer: number, storage = tabStorage()): number {
  if (!storage) return 0;
  let kept = 0;
  for (const { key, values } of openForms) {
    const held = values();
    if (!held) continue;
    try {
      storage.setItem(storageKey(writer, key), JSON.stringify(held));
      kept += 1;
    } catch {
      // Storage is full or refused: the draft is lost, as it would have been without it.
    }
  }
  return kept;
}

/** The draft `writer` left in the form `key`, if any, left where it is (a render may ask). */
export function readDraft(
  key: string,
  writer: number,
  storage = tabStorage(),
): Record<string, unknown> | null {
  if (!storage) return null;
  try {
    const stored = storage.getItem(storageKey(writer, key));
    if (stored === null) return null;
    const draft: unknown = JSON.parse(stored);
    return isFields(draft) ? draft : null;
  } catch {
    // Not a draft (edited by hand, or of an older shape), or storage refused: nothing to give.
    return null;
  }
}

/** The draft `writer` left in the form `key`, once: it is removed as it is given back. */
export function takeDraft(
  key: string,
  writer: number,
  storage = tabStorage(),
): Record<string, unknown> | null {
  const draft = readDraft(key, writer, storage);
  try {
    storage?.removeItem(storageKey(writer, key));
  } catch {
    // Storage refused: it could not have kept a draft either.
  }
  return draft;
}

/**
 * Forgets the drafts in the tab: every one on logout, or all but `writer`'s when they log in
 * (a draft left by someone else is not theirs to find, even in the browser's tools).
 */
export function forgetDrafts({ except }: { except?: number } = {}, storage = tabStorage()) {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (!key?.startsWith(PREFIX)) continue;
      if (except !== undefined && key.startsWith(storageKey(except, ''))) continue;
      keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage refused: there is nothing it could have kept either.
  }
}

function isFields(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
