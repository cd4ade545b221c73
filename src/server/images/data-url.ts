import { ImageRejected } from './process-image.ts';

/** Linear on any input: one anchored pass, and no part of it can match in two ways. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a `data:…;base64,…` URL. The declared type is ignored (the bytes decide what the
 * file is), and the size is checked from the text's length before anything is decoded.
 *
 * Every step is linear in the text's length, which a client chooses up to the body limit: the
 * padding is read from the last two characters, not by a regular expression such as `/=*$/`,
 * which is tried from every position of the text and took minutes on a megabyte of `=`.
 */
export function decodeDataUrl(dataUrl: string, maxBytes: number): Buffer {
  const comma = dataUrl.indexOf(',');
  const payload = dataUrl.slice(comma + 1);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const decodedLength = Math.floor((payload.length * 3) / 4) - padding;
  if (decodedLength > maxBytes) throw new ImageRejected('too-many-bytes');
  if (comma < 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) {
    throw new ImageRejected('not-an-image');
  }
  return Buffer.from(payload, 'base64');
}
