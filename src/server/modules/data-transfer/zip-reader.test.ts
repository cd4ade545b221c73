import { Zip, ZipDeflate } from 'fflate';
import { describe, expect, test } from 'vitest';
import { makeZip } from '#testing/data-transfer.ts';
import { isUnsafeEntryName, readZip, ZipRejected, type ZipLimits } from './zip-reader.ts';
import { createZipWriter } from './zip-writer.ts';

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

  test('reads back entries written piece by piece whose bytes hold the signatures of ZIP headers', () => {
    // The export writes each entry with a data descriptor: its header carries no size. Bytes
    // that happen to read as a header's signature do not end the entry.
    const signatures = [
      [0x50, 0x4b, 0x03, 0x04],
      [0x50, 0x4b, 0x07, 0x08],
      [0x50, 0x4b, 0x01, 0x02],
    ];
    const image = new Uint8Array(100_000).map((_, i) => (i * 7919) % 251);
    signatures.forEach((signature, index) => image.set(signature, 20_000 * (index + 1)));
    const writer = createZipWriter();
    const out: Buffer[] = [];
    writer.addStored('images/a.png', image);
    const text = writer.openText('export.json');
    text.write('{"sessions": []}');
    text.end();
    writer.end();
    for (const chunk of writer.drain()) out.push(chunk);
    const entries = readZip(Buffer.concat(out), everyEntry);
    expect(entries.get('images/a.png')?.equals(image)).toBe(true);
    expect(entries.get('export.json')?.toString()).toBe('{"sessions": []}');

    // A deflated entry whose packed bytes hold them (deflate's level 0 keeps the bytes as they are).
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk) => {
      if (error) throw error;
      chunks.push(chunk);
    });
    const entry = new ZipDeflate('export.json', { level: 0 });
    zip.add(entry);
    entry.push(image, true);
    zip.end();
    expect(readZip(Buffer.concat(chunks), everyEntry).get('export.json')?.equals(image)).toBe(true);
  });

  test('refuses an entry whose bytes are not those the directory records', () => {
    const writer = createZipWriter();
    writer.addStored('a', Buffer.from('hello'));
    writer.addStored('b', Buffer.from('world'));
    writer.end();
    const zip = Buffer.concat([...writer.drain()]);
    expect([...readZip(zip, everyEntry).values()].map(String)).toEqual(['hello', 'world']);
    // A byte of b's data changed: its checksum no longer matches.
    const changed = Buffer.from(zip);
    changed[changed.indexOf('world') + 1] = 0x21;
    expect(problemOf(() => readZip(changed, everyEntry))).toBe('damaged');
    // b's size in the central directory made larger than its bytes.
    const lying = Buffer.from(zip);
    const directoryEntry = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(6, directoryEntry + 20);
    lying.writeUInt32LE(6, directoryEntry + 24);
    expect(problemOf(() => readZip(lying, everyEntry))).toBe('damaged');
  });
});
