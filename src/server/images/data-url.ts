import { ImageRejected } from './process-image.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a `data:…;base64,…` URL. The declared type is ignored (the bytes decide what the
 * file is), and the size is checked from the text's length before anything is decoded.
 */
export function decodeDataUrl(dataUrl: string, maxBytes: number): Buffer {
  const comma = dataUrl.indexOf(',');
  const payload = dataUrl.slice(comma + 1);
  const decodedLength =
    Math.floor((payload.length * 3) / 4) - (payload.match(/=*$/)?.[0].length ?? 0);
  if (decodedLength > maxBytes) throw new ImageRejected('too-many-bytes');
  if (comma < 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) {
    throw new ImageRejected('not-an-image');
  }
  return Buffer.from(payload, 'base64');
}
