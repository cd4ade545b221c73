import { describe, expect, test } from 'vitest';
import { removeUnlessHeld } from './sweep.ts';

describe('removeUnlessHeld (the files of a write that failed)', () => {
  test('removes the files no row holds, and keeps those one does', async () => {
    const removed: string[] = [];
    await removeUnlessHeld(
      ['a', 'b', 'c'],
      async () => new Set(['b']),
      async (ref) => {
        removed.push(ref);
      },
    );
    expect(removed).toEqual(['a', 'c']);
  });

  test('removes nothing when the rows cannot be read: the sweep decides later', async () => {
    const removed: string[] = [];
    await removeUnlessHeld(
      ['a'],
      () => Promise.reject(new Error('Connection terminated unexpectedly')),
      async (ref) => {
        removed.push(ref);
      },
    );
    expect(removed).toEqual([]);
  });

  test('asks about many files a few hundred at a time', async () => {
    const refs = Array.from({ length: 1_201 }, (_, index) => `ref-${index}`);
    const asked: number[] = [];
    const removed: string[] = [];
    await removeUnlessHeld(
      refs,
      async (batch) => {
        asked.push(batch.length);
        return new Set(batch.filter((ref) => ref.endsWith('7')));
      },
      async (ref) => {
        removed.push(ref);
      },
    );
    expect(asked).toEqual([500, 500, 201]);
    expect(removed).toEqual(refs.filter((ref) => !ref.endsWith('7')));
  });
});
