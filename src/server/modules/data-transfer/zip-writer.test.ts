import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { createZipWriter, ZIP_LIMITS, ZipTooLarge } from './zip-writer.ts';

/** Everything the writer has handed over, as one buffer. */
function drained(zip: ReturnType<typeof createZipWriter>, into: Buffer[]) {
  for (const chunk of zip.drain()) into.push(chunk);
}

describe('writing an export ZIP', () => {
  test('stored and deflated entries read back as written', () => {
    const zip = createZipWriter();
    const out: Buffer[] = [];
    zip.addStored('images/a.png', new Uint8Array([1, 2, 3]));
    drained(zip, out);
    const text = zip.openText('export.json');
    text.write('{"sessions": [');
    text.write(']}');
    text.end();
    zip.end();
    drained(zip, out);
    const entries = unzipSync(Buffer.concat(out));
    expect([...entries['images/a.png']!]).toEqual([1, 2, 3]);
    expect(strFromU8(entries['export.json']!)).toBe('{"sessions": []}');
  });

  test('an entry past the entry count is refused, not wrapped into a corrupt archive', () => {
    const zip = createZipWriter({ bytes: ZIP_LIMITS.bytes, entries: 2 });
    zip.addStored('images/a.png', new Uint8Array(1));
    zip.addStored('images/b.png', new Uint8Array(1));
    expect(() => zip.addStored('images/c.png', new Uint8Array(1))).toThrow(ZipTooLarge);
    expect(() => zip.openText('export.json')).toThrow(ZipTooLarge);
  });

  test('an image past the byte limit is refused', () => {
    const zip = createZipWriter({ bytes: 1000, entries: ZIP_LIMITS.entries });
    zip.addStored('images/a.png', new Uint8Array(600));
    expect(() => zip.addStored('images/b.png', new Uint8Array(600))).toThrow(ZipTooLarge);
  });

  test('text past the byte limit is refused as it is written', () => {
    const zip = createZipWriter({ bytes: 100 * 1024, entries: ZIP_LIMITS.entries });
    const text = zip.openText('export.json');
    // Random text: what counts is what it compresses to.
    expect(() => {
      for (let piece = 0; piece < 10; piece += 1)
        text.write(randomBytes(48 * 1024).toString('base64'));
    }).toThrow(ZipTooLarge);
  });

  test('text that compresses well is refused past the limit unpacked, which the ZIP records too', () => {
    const zip = createZipWriter({ bytes: 100 * 1024, entries: ZIP_LIMITS.entries });
    const text = zip.openText('export.json');
    // A few kilobytes packed, 640 kB unpacked.
    expect(() => {
      for (let piece = 0; piece < 10; piece += 1) text.write('x'.repeat(64 * 1024));
    }).toThrow(ZipTooLarge);
  });
});
