import { describe, expect, test } from 'vitest';
import { makeZip } from '#testing/data-transfer.ts';
import { isUnsafeEntryName, readZip, ZipRejected, type ZipLimits } from './zip-reader.ts';

const limits: ZipLimits = {
  maxEntries: 5,
  maxEntryBytes: () => 1024 * 1024,
  maxTotalBytes: 2 * 1024 * 1024,
};
const everyEntry = { wanted: () => true, limits };

function problemOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ZipRejected) return error.problem;
    throw error;
  }
  return null;
}

describe('reading an uploaded ZIP', () => {
  test('answers the wanted entries, and never inflates the others', () => {
    const zip = makeZip({ 'a.txt': 'first', 'b/c.txt': 'second', 'skip.bin': 'not read' });
    const entries = readZip(zip, { wanted: (name) => name !== 'skip.bin', limits });
    expect([...entries.keys()].sort()).toEqual(['a.txt', 'b/c.txt']);
    expect(entries.get('b/c.txt')?.toString()).toBe('second');
  });

  test('stops a bomb at the total limit while inflating, whatever the entries claim', () => {
    // Three entries of 0.9 MB of zeros each: each under its own limit, together over the total.
    const zeros = new Uint8Array(900 * 1024);
    const zip = makeZip({ a: zeros, b: zeros, c: zeros });
    expect(zip.length).toBeLessThan(20 * 1024);
    expect(problemOf(() => readZip(zip, everyEntry))).toBe('too-large');
  });

  test('stops an entry past its own limit', () => {
    const zip = makeZip({ a: new Uint8Array(1024 * 1024 + 1) });
    expect(problemOf(() => readZip(zip, everyEntry))).toBe('entry-too-large');
  });

  test('counts entries, the unread ones too', () => {
    const names = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}`, 'x']));
    expect(problemOf(() => readZip(makeZip(names), { ...everyEntry, wanted: () => false }))).toBe(
      'too-many-entries',
    );
  });

  test('refuses names that could climb out of a folder or mean another place', () => {
    for (const name of [
      '../evil',
      'a/../../evil',
      '/etc/passwd',
      'C:/Windows/evil',
      'a\\..\\evil',
      './a',
      'a\u0000b',
    ]) {
      expect(isUnsafeEntryName(name), name).toBe(true);
    }
    for (const name of ['export.json', 'images/abc.png', 'a/b/c.txt', 'my..file.txt']) {
      expect(isUnsafeEntryName(name), name).toBe(false);
    }
  });

  test('refuses what is not a ZIP, and a ZIP cut short', () => {
    expect(problemOf(() => readZip(Buffer.from('hello world'), everyEntry))).toBe('not-a-zip');
    const zip = makeZip({ a: new Uint8Array(64 * 1024).map((_, i) => (i * 7919) % 251) });
    expect(problemOf(() => readZip(zip.subarray(0, zip.length / 2), everyEntry))).toBe('damaged');
  });
});
