import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const TEXT_BLOCK = 64 * 1024;

/**
 * What a ZIP without its ZIP64 extension can hold, which fflate does not write: offsets and
 * sizes of 32 bits, an entry count of 16. Past them fflate's numbers wrap and the archive is
 * corrupt, which the trader would find out only when opening the backup. The margin is room
 * for the last headers and the central directory (each entry's name is short: `images/<ref>`).
 */
export const ZIP_LIMITS = { bytes: 0xffff_ffff - 16 * 1024 * 1024, entries: 0xffff - 1 };

/** The export would not fit in a ZIP as written here (ZIP_LIMITS). */
export class ZipTooLarge extends Error {
  override name = 'ZipTooLarge';
}

/**
 * A ZIP written piece by piece: the entries' bytes are pushed as they are read, and `drain()`
 * hands over what is ready, so an export of years of sessions never sits whole in memory.
 * One entry is written at a time (fflate buffers an entry added before the last one ended).
 * An entry that would take the archive past `limits` throws ZipTooLarge instead of a corrupt
 * archive.
 */
export function createZipWriter(limits = ZIP_LIMITS) {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  let written = 0;
  let entries = 0;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else {
      ready.push(chunk);
      written += chunk.byteLength;
    }
  });
  const assertRoom = (bytes: number) => {
    if (entries + 1 > limits.entries || written + bytes > limits.bytes) {
      throw new ZipTooLarge(
        `The export would take more than a ZIP file holds: ${entries + 1} entries, ${written + bytes} bytes`,
      );
    }
    entries += 1;
  };

  return {
    /** An entry stored as is: images are compressed already. */
    addStored(name: string, bytes: Uint8Array) {
      assertRoom(bytes.byteLength);
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(bytes, true);
    },

    /**
     * A deflated text entry, written in pieces; `end()` closes it. Small pieces are gathered
     * to 64 kB first: the compressor works much faster on larger blocks.
     */
    openText(name: string) {
      assertRoom(0);
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      let pending: string[] = [];
      let pendingLength = 0;
      /** The entry's size unpacked, which the archive records in 32 bits too. */
      let unpacked = 0;
      const flush = (final: boolean) => {
        const bytes = strToU8(pending.join(''));
        unpacked += bytes.byteLength;
        // Deflate never makes a block much larger than it was: counted as its bytes.
        if (unpacked > limits.bytes || written + bytes.byteLength > limits.bytes) {
          throw new ZipTooLarge(`The export would take more than a ZIP file holds: ${name}`);
        }
        entry.push(bytes, final);
        pending = [];
        pendingLength = 0;
      };
      return {
        write: (text: string) => {
          pending.push(text);
          pendingLength += text.length;
          if (pendingLength >= TEXT_BLOCK) flush(false);
        },
        end: () => flush(true),
      };
    },

    /** Writes the central directory; drain once more afterwards. */
    end: () => zip.end(),

    /** The bytes written so far and not yet handed over. */
    *drain(): Generator<Buffer> {
      if (failure) throw failure;
      while (ready.length > 0) {
        const chunk = ready.shift();
        if (chunk) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      }
    },
  };
}
