import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A real PNG of the given size, a flat colour. */
export function createPng(width = 40, height = 30): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF metadata, GPS position included, as a phone photo would. */
export function createJpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c83' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .toBuffer();
}

export function toDataUrl(bytes: Buffer, type = 'image/png'): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/**
 * A PNG whose header claims `width` × `height` pixels around a tiny image: a decompression bomb
 * as far as a decoder that trusts the header is concerned.
 */
export async function createPngClaimingSize(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await createPng(1, 1));
  // Signature (8), IHDR length (4), 'IHDR' (4), then width and height; the CRC covers type+data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
