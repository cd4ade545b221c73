import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const TEXT_BLOCK = 64 * 1024;

/**
 * A ZIP written piece by piece: the entries' bytes are pushed as they are read, and `drain()`
 * hands over what is ready, so an export of years of sessions never sits whole in memory.
 * One entry is written at a time (fflate buffers an entry added before the last one ended).
 */
export function createZipWriter() {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });

  return {
    /** An entry stored as is: images are compressed already. */
    addStored(name: string, bytes: Uint8Array) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(bytes, true);
    },

    /**
     * A deflated text entry, written in pieces; `end()` closes it. Small pieces are gathered
     * to 64 kB first: the compressor works much faster on larger blocks.
     */
    openText(name: string) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      let pending: string[] = [];
      let pendingLength = 0;
      const flush = (final: boolean) => {
        entry.push(strToU8(pending.join('')), final);
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
