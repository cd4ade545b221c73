/**
 * What a trader was typing in a form when the login ended (docs/decisions/0064). The login
 * screen takes the place of the form, so the text would be lost; it is kept in the tab's
 * session storage instead, under the form's key and its writer's id, and given back when the
 * same writer opens the same form again. A draft is given back once: from then on it lives in
 * the form. Logging out forgets every draft, so the next person at the computer finds none.
 */

/** The values of an open form, read when the login ends; null when there is nothing to keep. */
export type DraftSource = { key: string; values: () => Record<string, unknown> | null };

type StoredDraft = { writer: number; values: Record<string, unknown> };

const PREFIX = 'rulekeeper.draft.';

/** The open forms that have something to keep, the latest opened last. */
const openForms = new Set<DraftSource>();

/** While a form is open: its values are kept if the login ends. Returns the way to stop. */
export function watchForDraft(source: DraftSource): () => void {
  openForms.add(source);
  return () => openForms.delete(source);
}

/**
 * The login of `writer` has ended: keeps what each open form holds. Returns how many were kept;
 * one that storage refuses (full, or switched off) is not counted.
 */
export function keepDrafts(writer: number, storage: Storage = window.sessionStorage): number {
  let kept = 0;
  for (const { key, values } of openForms) {
    const held = values();
    if (!held) continue;
    try {
      storage.setItem(PREFIX + key, JSON.stringify({ writer, values: held } satisfies StoredDraft));
      kept += 1;
    } catch {
      // Storage is full or refused: the draft is lost, as it would have been without it.
    }
  }
  return kept;
}

/** The draft `writer` left in the form `key`, once: it is removed as it is given back. */
export function takeDraft(
  key: string,
  writer: number,
  storage: Storage = window.sessionStorage,
): Record<string, unknown> | null {
  const stored = storage.getItem(PREFIX + key);
  if (stored === null) return null;
  let draft: unknown;
  try {
    draft = JSON.parse(stored);
  } catch {
    storage.removeItem(PREFIX + key);
    return null;
  }
  if (!isStoredDraft(draft)) {
    storage.removeItem(PREFIX + key);
    return null;
  }
  // Someone else's draft stays where it is, unseen, until its writer comes back or logs out.
  if (draft.writer !== writer) return null;
  storage.removeItem(PREFIX + key);
  return draft.values;
}

/** Logging out: nothing typed is left for whoever uses the tab next. */
export function forgetDrafts(storage: Storage = window.sessionStorage) {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

function isStoredDraft(value: unknown): value is StoredDraft {
  if (typeof value !== 'object' || value === null) return false;
  const { writer, values } = value as Record<string, unknown>;
  return (
    typeof writer === 'number' &&
    typeof values === 'object' &&
    values !== null &&
    !Array.isArray(values)
  );
}
