import { describe, expect, it } from 'vitest';
import {
  changedFields,
  forgetDrafts,
  keepDrafts,
  readDraft,
  takeDraft,
  watchForDraft,
} from './drafts.ts';

/** The Web Storage interface over a Map, with a quota in characters as a browser has. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const used = [...this.items].reduce((sum, [k, v]) => sum + k.length + v.length, 0);
    if (used + key.length + value.length > this.quota) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const TRADER = 7;
const SOMEONE_ELSE = 8;

describe('drafts', () => {
  it('keeps what open forms hold when a login ends, and gives it back once to its writer', () => {
    const storage = new MemoryStorage();
    const stopRule = watchForDraft({ key: 'rule-new', values: () => ({ description: 'Wait' }) });
    const stopSession = watchForDraft({ key: 'session-3', values: () => ({ notes: 'Calm' }) });

    expect(keepDrafts(TRADER, storage)).toBe(2);
    stopRule();
    stopSession();

    // Read (a render asking whether there is one), it stays; taken, it is gone.
    expect(readDraft('rule-new', TRADER, storage)).toEqual({ description: 'Wait' });
    expect(readDraft('rule-new', SOMEONE_ELSE, storage)).toBeNull();
    expect(takeDraft('rule-new', TRADER, storage)).toEqual({ description: 'Wait' });
    expect(takeDraft('rule-new', TRADER, storage)).toBeNull();
    expect(readDraft('rule-new', TRADER, storage)).toBeNull();
    expect(takeDraft('session-3', TRADER, storage)).toEqual({ notes: 'Calm' });
    expect(storage.length).toBe(0);
  });

  it('keeps nothing for a form with nothing typed, or one that has closed', () => {
    const storage = new MemoryStorage();
    const stopPristine = watchForDraft({ key: 'rule-new', values: () => null });
    const stopClosed = watchForDraft({ key: 'rule-4', values: () => ({ description: 'x' }) });
    stopClosed();

    expect(keepDrafts(TRADER, storage)).toBe(0);
    stopPristine();
    expect(storage.length).toBe(0);
  });

  it('never shows a draft to another user, and leaves it for its writer', () => {
    const storage = new MemoryStorage();
    const stop = watchForDraft({ key: 'rule-new', values: () => ({ description: 'Mine' }) });
    keepDrafts(TRADER, storage);
    stop();

    expect(takeDraft('rule-new', SOMEONE_ELSE, storage)).toBeNull();
    expect(takeDraft('rule-new', TRADER, storage)).toEqual({ description: 'Mine' });
  });

  it('forgets every draft on logout, and nothing else in the tab', () => {
    const storage = new MemoryStorage();
    storage.setItem('rulekeeper.reloaded-for-missing-code', '1');
    const stop = watchForDraft({ key: 'rule-new', values: () => ({ description: 'Mine' }) });
    keepDrafts(TRADER, storage);
    keepDrafts(SOMEONE_ELSE, storage);
    stop();

    forgetDrafts({}, storage);
    expect(takeDraft('rule-new', TRADER, storage)).toBeNull();
    expect(takeDraft('rule-new', SOMEONE_ELSE, storage)).toBeNull();
    expect(storage.getItem('rulekeeper.reloaded-for-missing-code')).toBe('1');
  });

  it('on a login, forgets the drafts of everyone but the one logging in', () => {
    const storage = new MemoryStorage();
    const stop = watchForDraft({ key: 'rule-new', values: () => ({ description: 'Typed' }) });
    keepDrafts(TRADER, storage);
    keepDrafts(SOMEONE_ELSE, storage);
    keepDrafts(70, storage);
    stop();

    forgetDrafts({ except: TRADER }, storage);
    expect(takeDraft('rule-new', SOMEONE_ELSE, storage)).toBeNull();
    expect(takeDraft('rule-new', 70, storage)).toBeNull();
    expect(takeDraft('rule-new', TRADER, storage)).toEqual({ description: 'Typed' });
  });

  it('keeps apart two writers of the same form', () => {
    const storage = new MemoryStorage();
    let typed = 'First';
    const stop = watchForDraft({ key: 'rule-new', values: () => ({ description: typed }) });
    keepDrafts(TRADER, storage);
    typed = 'Second';
    keepDrafts(SOMEONE_ELSE, storage);
    stop();

    expect(takeDraft('rule-new', TRADER, storage)).toEqual({ description: 'First' });
    expect(takeDraft('rule-new', SOMEONE_ELSE, storage)).toEqual({ description: 'Second' });
  });

  it('takes only the fields that differ from the form’s defaults', () => {
    const defaults = {
      name: 'London open',
      notes: '',
      rulesFollowed: [1, 2],
      screenshotData: null,
    };
    expect(changedFields({ ...defaults }, defaults)).toBeNull();
    expect(changedFields({ ...defaults, notes: 'Calm', rulesFollowed: [2] }, defaults)).toEqual({
      notes: 'Calm',
      rulesFollowed: [2],
    });
  });

  it('does without storage where the browser refuses it', () => {
    const refusing = new MemoryStorage();
    for (const method of ['getItem', 'setItem', 'removeItem', 'key'] as const) {
      refusing[method] = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
    }
    const stop = watchForDraft({ key: 'rule-new', values: () => ({ description: 'x' }) });
    expect(keepDrafts(TRADER, refusing)).toBe(0);
    expect(keepDrafts(TRADER, undefined)).toBe(0);
    stop();
    expect(takeDraft('rule-new', TRADER, refusing)).toBeNull();
    expect(takeDraft('rule-new', TRADER, undefined)).toBeNull();
    refusing.items.set('rulekeeper.draft.7.rule-new', '{}');
    expect(() => forgetDrafts({}, refusing)).not.toThrow();
    expect(() => forgetDrafts({}, undefined)).not.toThrow();
  });

  it('counts only the drafts storage took: a full one loses the draft, not the app', () => {
    const storage = new MemoryStorage(200);
    const stopSmall = watchForDraft({ key: 'rule-new', values: () => ({ description: 'Short' }) });
    const stopHuge = watchForDraft({
      key: 'session-new',
      values: () => ({ notes: 'x'.repeat(500) }),
    });

    expect(keepDrafts(TRADER, storage)).toBe(1);
    stopSmall();
    stopHuge();
    expect(takeDraft('rule-new', TRADER, storage)).toEqual({ description: 'Short' });
    expect(takeDraft('session-new', TRADER, storage)).toBeNull();
  });

  it('drops a stored draft that is not one (edited by hand, or of an older shape)', () => {
    const storage = new MemoryStorage();
    storage.setItem('rulekeeper.draft.7.rule-new', '{not json');
    storage.setItem('rulekeeper.draft.7.rule-2', JSON.stringify(['x']));
    storage.setItem('rulekeeper.draft.7.rule-3', JSON.stringify(null));

    for (const key of ['rule-new', 'rule-2', 'rule-3']) {
      expect(takeDraft(key, TRADER, storage)).toBeNull();
    }
    expect(storage.length).toBe(0);
  });
});
