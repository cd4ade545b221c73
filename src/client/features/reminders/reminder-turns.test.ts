import { describe, expect, test } from 'vitest';
import { takeTurn } from './reminder-turns.ts';

/** One browser's storage, as every tab of it sees it. */
function browserStorage() {
  const items = new Map<string, string>();
  return () => ({
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  });
}

describe('takeTurn (which note a reminder shows, once per browser)', () => {
  test('reminders take the notes one after the other', () => {
    const storage = browserStorage();
    expect(takeTurn('session-2026-12-08T08:00:00.000Z', storage)).toBe(0);
    expect(takeTurn('session-2026-12-08T13:00:00.000Z', storage)).toBe(1);
    expect(takeTurn('session-2026-12-09T08:00:00.000Z', storage)).toBe(2);
  });

  test("a second tab's late timer for the same reminder shows nothing, and the turns go on", () => {
    const storage = browserStorage();
    expect(takeTurn('session-2026-12-08T08:00:00.000Z', storage)).toBe(0);
    expect(takeTurn('session-2026-12-08T08:00:00.000Z', storage)).toBeNull();
    expect(takeTurn('session-2026-12-08T13:00:00.000Z', storage)).toBe(1);
    expect(takeTurn('session-2026-12-08T13:00:00.000Z', storage)).toBeNull();
  });

  test('without storage, every reminder shows the first note', () => {
    const unavailable = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(takeTurn('session-2026-12-08T08:00:00.000Z', unavailable)).toBe(0);
    expect(takeTurn('session-2026-12-08T08:00:00.000Z', unavailable)).toBe(0);
  });
});
