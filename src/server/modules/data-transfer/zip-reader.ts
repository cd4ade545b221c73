import { crc32 } from 'node:zlib';
import { Inflate } from 'fflate';

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
 * An entry's packed bytes are fed to the decoder this much at a time, and the unpacked sizes
 * checked after each piece: deflate expands at most ~1,032 times, so one piece unpacks to at most ~16 MB
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

/** One entry as the ZIP's central directory lists it. */
interface CentralEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  packedSize: number;
  size: number;
  localOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
/** The end record's fixed part, and the most a comment may add to it. */
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;

/**
 * The entries of the central directory, in its order. The directory, not the entries' own
 * headers, holds each entry's sizes when it was written piece by piece (as the export writes
 * them, with a data descriptor after each entry): a reader that walks the local headers must
 * look for the next header's signature to find where such an entry ends, and those four bytes
 * occur by chance in compressed data and images (about once in 1,400 MiB), cutting the entry
 * short there. A ZIP64 archive (which the export never writes) is refused as damaged.
 */
function centralDirectory(zip: Buffer): CentralEntry[] {
  let end = -1;
  const lowest = Math.max(0, zip.length - END_SIZE - MAX_COMMENT);
  for (let at = zip.length - END_SIZE; at >= lowest; at -= 1) {
    if (
      zip.readUInt32LE(at) === END_OF_DIRECTORY &&
      at + END_SIZE + zip.readUInt16LE(at + 20) === zip.length
    ) {
      end = at;
      break;
    }
  }
  if (end === -1) throw new ZipRejected('damaged');
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (
    zip.readUInt16LE(end + 4) !== 0 ||
    zip.readUInt16LE(end + 6) !== 0 ||
    count === 0xffff ||
    directoryOffset === 0xffff_ffff ||
    directoryOffset + directorySize > end
  ) {
    throw new ZipRejected('damaged');
  }
  const entries: CentralEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw new ZipRejected('damaged');
    }
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (next > end) throw new ZipRejected('damaged');
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    entries.push({
      // Bit 11: the name is UTF-8; otherwise read byte by byte, as fflate does.
      name: nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1'),
      flags,
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      packedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at = next;
  }
  return entries;
}

/** Where an entry's packed bytes are, from its local header. */
function packedBytes(zip: Buffer, entry: CentralEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_ENTRY) {
    throw new ZipRejected('damaged', entry.name);
  }
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.packedSize > zip.length) throw new ZipRejected('damaged', entry.name);
  return zip.subarray(start, start + entry.packedSize);
}

/**
 * Unpacks the entries of `zip` that `wanted` names, read through its central directory and
 * checked while it inflates: the number of entries, every name, each entry's unpacked size and
 * the total, so a ZIP bomb stops at the limit instead of filling the memory, whatever its
 * entries claim. Each unpacked entry must then have the size and checksum the directory gives.
 * Entries not wanted are counted and checked by name but never inflated. Answers the wanted
 * entries' bytes by name.
 */
export function readZip(
  zip: Buffer,
  { wanted, limits }: { wanted: (name: string) => boolean; limits: ZipLimits },
): Map<string, Buffer> {
  if (zip.length < 4 || LOCAL_HEADER.some((byte, index) => zip[index] !== byte)) {
    throw new ZipRejected('not-a-zip');
  }
  const directory = centralDirectory(zip);
  const seen = new Set<string>();
  const chosen: CentralEntry[] = [];
  for (const entry of directory) {
    if (seen.size >= limits.maxEntries) throw new ZipRejected('too-many-entries');
    const { name } = entry;
    if (isUnsafeEntryName(name)) throw new ZipRejected('unsafe-name', name);
    if (seen.has(name)) throw new ZipRejected('repeated-name', name);
    seen.add(name);
    if (!name.endsWith('/') && wanted(name)) chosen.push(entry);
  }

  const entries = new Map<string, Buffer>();
  let total = 0;
  for (const entry of chosen) {
    const { name } = entry;
    // Bit 0: encrypted, which no export is.
    if (entry.flags & 0x1) throw new ZipRejected('damaged', name);
    const maxBytes = limits.maxEntryBytes(name);
    const packed = packedBytes(zip, entry);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const take = (chunk: Uint8Array) => {
      size += chunk.length;
      total += chunk.length;
      if (size > maxBytes) throw new ZipRejected('entry-too-large', name);
      if (total > limits.maxTotalBytes) throw new ZipRejected('too-large');
      chunks.push(chunk);
    };
    if (entry.method === 0) {
      take(packed);
    } else if (entry.method === 8) {
      const inflate = new Inflate((chunk) => take(chunk));
      try {
        for (let offset = 0; offset < packed.length || offset === 0; offset += PIECE) {
          const end = Math.min(offset + PIECE, packed.length);
          inflate.push(packed.subarray(offset, end), end === packed.length);
        }
      } catch (error) {
        if (error instanceof ZipRejected) throw error;
        throw new ZipRejected('damaged', name);
      }
    } else {
      // A compression method other than stored or deflate.
      throw new ZipRejected('damaged', name);
    }
    const bytes = Buffer.concat(chunks);
    if (bytes.length !== entry.size || crc32(bytes) !== entry.crc) {
      throw new ZipRejected('damaged', name);
    }
    entries.set(name, bytes);
  }
  return entries;
}
