import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { decodeDataUrl } from './data-url.ts';
import { ImageRejected } from './process-image.ts';

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

function refusal(action: () => unknown) {
  try {
    action();
  } catch (error) {
    if (error instanceof ImageRejected) return error.problem;
    throw error;
  }
  return 'accepted';
}

describe('decodeDataUrl', () => {
  test('gives the bytes back, with one, two or no padding characters', () => {
    for (const length of [3, 4, 5]) {
      const bytes = Buffer.from(Array.from({ length }, (_, index) => index * 7));
      expect(decodeDataUrl(dataUrl(bytes), 10)).toEqual(bytes);
    }
  });

  test('counts the padding when it weighs the size: the limit itself is allowed', () => {
    for (const length of [9, 10, 11]) {
      const text = dataUrl(Buffer.alloc(length, 1));
      expect(
        refusal(() => decodeDataUrl(text, length)),
        `${length} bytes`,
      ).toBe('accepted');
      expect(
        refusal(() => decodeDataUrl(text, length - 1)),
        `${length} bytes`,
      ).toBe('too-many-bytes');
    }
  });

  test.each([
    { case: 'no comma', text: 'data:image/png;base64' },
    { case: 'a length that is not a multiple of 4', text: 'data:image/png;base64,AAAAA' },
    { case: 'a character outside base64', text: 'data:image/png;base64,AA*A' },
    { case: 'padding in the middle', text: 'data:image/png;base64,A=AA' },
    { case: 'three padding characters', text: 'data:image/png;base64,A===' },
  ])('refuses $case as not an image', ({ text }) => {
    expect(refusal(() => decodeDataUrl(text, 1000))).toBe('not-an-image');
  });
});

/**
 * A client chooses the text, up to the body limit (15 MB for a screenshot), and the decoding runs
 * on the server's one thread. A megabyte of `=` ending in another character once took minutes
 * there (a `/=*$/` tried from every position), and every other request waited. It runs in a
 * process of its own, so that a decoding that never ends fails this test at its deadline instead
 * of holding the test runner; the deadline is hundreds of times what the decoding needs.
 */
test('a megabyte of padding is refused at once, not after minutes on the server thread', () => {
  const script = `
    import { decodeDataUrl } from './src/server/images/data-url.ts';
    for (const payload of ['='.repeat(1_000_000) + 'A', 'A' + '='.repeat(999_999)]) {
      try {
        decodeDataUrl('data:image/png;base64,' + payload, 2_000_000);
        console.log('accepted');
      } catch (error) {
        console.log(error.problem);
      }
    }
  `;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    { encoding: 'utf8', timeout: 20_000 },
  );
  expect(result.signal, 'the decoding was still running at the deadline').toBeNull();
  expect(result.stderr).toBe('');
  expect(result.stdout.trim().split('\n')).toEqual(['not-an-image', 'not-an-image']);
});
