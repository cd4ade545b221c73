import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';

/** What an uploaded ZIP may unpack to; past any of these it is refused, whatever it claims. */
export interface ZipLimits {
  maxEntries: number;
  /** Per entry, by the name's test; the first matching rule applies. */
  maxEntryBytes: (name: string) => number;
  maxTotalBytes: number;
}

export type ZipProblem =
  | 'not-a-zip'
  | 'damaged'
  | 'too-many-entries'
  | 'unsafe-name'
  | 'repeated-name'
  | 'entry-too-large'
  | 'too-large';

/** Why a ZIP was refused; the module turns it into its own words. */
export class ZipRejected extends Error {
  override name = 'ZipRejected';
  constructor(
    readonly problem: ZipProblem,
    readonly entry?: string,
  ) {
    super(entry ? `${problem}: ${entry}` : problem);
  }
}

/**
 * The bytes are fed to the decoder this much at a time, and the unpacked sizes checked after
 * each piece: deflate expands at most ~1,032 times, so one piece unpacks to at most ~16 MB
 * before a bomb is noticed.
 */
const PIECE = 16 * 1024;
const LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

/**
 * An entry name that could climb out of a folder or mean something else on another system:
 * absolute, `..`, backslashes, drive letters, control characters.
 */
export function isUnsafeEntryName(name: string): boolean {
  return (
    name.length === 0 ||
    name.length > 255 ||
    name.startsWith('/') ||
    name.includes('\\') ||
    name.includes(':') ||
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    /[\u0000-\u001F\u007F]/u.test(name) ||
    name.split('/').some((part) => part === '..' || part === '.')
  );
}

/**
 * Unpacks the entries of `zip` that `wanted` names, checking while it inflates: the number of
 * entries, every name, each entry's unpacked size and the total, so a ZIP bomb stops at the
 * limit instead of filling the memory. Entries not wanted are counted and checked by name but
 * never inflated. Answers the wanted entries' bytes by name.
 */
export function readZip(
  zip: Buffer,
  { wanted, limits }: { wanted: (name: string) => boolean; limits: ZipLimits },
): Map<string, Buffer> {
  if (zip.length < 4 || LOCAL_HEADER.some((byte, index) => zip[index] !== byte)) {
    throw new ZipRejected('not-a-zip');
  }
  const entries = new Map<string, Buffer>();
  const unfinished = new Set<string>();
  const seen = new Set<string>();
  let total = 0;
  let failure = null as ZipRejected | null;
  const fail = (problem: ZipProblem, entry?: string) => {
    failure ??= new ZipRejected(problem, entry);
  };

  const onFile = (file: UnzipFile) => {
    if (failure) return;
    const { name } = file;
    if (seen.size >= limits.maxEntries) return fail('too-many-entries');
    if (isUnsafeEntryName(name)) return fail('unsafe-name', name);
    if (seen.has(name)) return fail('repeated-name', name);
    seen.add(name);
    if (name.endsWith('/') || !wanted(name)) return;

    const maxBytes = limits.maxEntryBytes(name);
    const chunks: Uint8Array[] = [];
    let size = 0;
    unfinished.add(name);
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) return fail('damaged', name);
      size += chunk.length;
      total += chunk.length;
      if (size > maxBytes) return fail('entry-too-large', name);
      if (total > limits.maxTotalBytes) return fail('too-large');
      chunks.push(chunk);
      if (final) {
        unfinished.delete(name);
        entries.set(name, Buffer.concat(chunks));
      }
    };
    try {
      file.start();
    } catch {
      // A compression method other than stored or deflate.
      fail('damaged', name);
    }
  };

  const unzip = new Unzip(onFile);
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < zip.length && !failure; offset += PIECE) {
      const end = Math.min(offset + PIECE, zip.length);
      unzip.push(zip.subarray(offset, end), end === zip.length);
    }
  } catch {
    fail('damaged');
  }
  if (failure) throw failure;
  // An entry that never reached its end: the file was cut short.
  if (unfinished.size > 0) throw new ZipRejected('damaged', [...unfinished][0]);
  return entries;
}
