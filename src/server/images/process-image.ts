import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** What an image's first bytes say it is; anything else (SVG, HTML, a PDF) is not accepted. */
function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface ImageLimits {
  /** The file as it arrives. */
  maxBytes: number;
  maxPixels: number;
  /**
   * The image as it is stored, `maxBytes` unless given: a re-encode may be larger than what
   * arrived, and what is stored must import again (an import takes no image larger).
   */
  maxStoredBytes?: number;
}

export type ImageProblem = 'not-an-image' | 'too-many-bytes' | 'too-many-pixels';

/** Why an upload was refused; the module that took it turns this into its own message. */
export class ImageRejected extends Error {
  override name = 'ImageRejected';
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

export interface ProcessedImage {
  /** The stored file's extension, which also gives its content type. */
  extension: 'png' | 'jpg' | 'webp';
  image: Buffer;
  /** A small WebP for lists and the dashboard. */
  thumbnail: Buffer;
}

/**
 * How many images are worked on at once; the others wait their turn. Each runs two pipelines
 * (the re-encode and the thumbnail) and libvips spreads each over the cores, so more at once
 * would not finish sooner on a small machine. They would hold more decoded pixels at once,
 * which glibc's allocator then keeps as the process's memory: 250 screenshots uploaded 8 at a
 * time left a 2-core server 21–28 MiB larger with no limit than with one image at a time, for
 * 7.2–7.7 s of work in all against 9.6–9.7 (docs/performance.md). Bounded, it is also the most
 * decoded pixels that uploads arriving together can hold.
 */
export const IMAGES_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));
const imageWork = pLimit(IMAGES_AT_ONCE);

const THUMBNAIL = { width: 480, height: 320 };
const AVATAR_SIZE = 256;

/**
 * Checks an uploaded file by its bytes, before it waits for its turn: within the byte limit,
 * and one of the four formats by its signature. Answers the format.
 */
function formatOf(bytes: Buffer, limits: ImageLimits): ImageFormat {
  if (bytes.length > limits.maxBytes) throw new ImageRejected('too-many-bytes');
  const format = sniffImageFormat(bytes);
  if (!format) throw new ImageRejected('not-an-image');
  return format;
}

/**
 * Checks an image within the pixel limit by its header, before anything is decoded. Answers a
 * reader of it, oriented by its EXIF rotation, that refuses truncated pixels.
 */
async function openImage(bytes: Buffer, limits: ImageLimits) {
  // failOn 'warning' (sharp's default) also refuses truncated files.
  const input = (limitInputPixels: number | false = limits.maxPixels) =>
    sharp(bytes, { limitInputPixels, failOn: 'warning', animated: false });
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header alone: its size is checked here, so that it can be told apart from a bad file.
    ({ width, height } = await input(false).metadata());
  } catch {
    throw new ImageRejected('not-an-image');
  }
  if (!width || !height) throw new ImageRejected('not-an-image');
  if (width * height > limits.maxPixels) throw new ImageRejected('too-many-pixels');
  return () => input().rotate();
}

/** Runs the encoders; a failure there means the header was fine but the pixels are not. */
async function encodeOrReject<T>(encode: () => Promise<T>): Promise<T> {
  try {
    return await encode();
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected('not-an-image');
  }
}

/**
 * Makes the files stored for an uploaded screenshot: the image re-encoded (which drops its
 * metadata, GPS positions included, after applying its rotation) and a thumbnail. PNG, JPEG and
 * WebP keep their format; a GIF becomes a PNG of its first frame. A file that is not one of the
 * four, is cut short or is corrupt is refused, and so is one over the byte or pixel limits, or
 * one that cannot be stored within `maxStoredBytes`.
 */
export async function processImage(bytes: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  const format = formatOf(bytes, limits);
  return imageWork(async () => {
    const oriented = await openImage(bytes, limits);
    return encodeOrReject(async () => {
      const [image, thumbnail] = await Promise.all([
        encodeWithin(oriented, format, limits.maxStoredBytes ?? limits.maxBytes),
        oriented()
          .resize({ ...THUMBNAIL, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      ]);
      return { extension: extensionOf(format), image, thumbnail };
    });
  });
}

/** A profile picture: the same checks, then a 256 × 256 WebP cut to the middle of the image. */
export async function processAvatar(bytes: Buffer, limits: ImageLimits): Promise<Buffer> {
  formatOf(bytes, limits);
  return imageWork(async () => {
    const oriented = await openImage(bytes, limits);
    return encodeOrReject(() =>
      oriented()
        .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover' })
        .webp({ quality: 85 })
        .toBuffer(),
    );
  });
}

function extensionOf(format: ImageFormat): ProcessedImage['extension'] {
  if (format === 'jpeg') return 'jpg';
  if (format === 'webp') return 'webp';
  return 'png';
}

function encode(image: Sharp, format: ImageFormat): Promise<Buffer> {
  if (format === 'jpeg') return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 90 }).toBuffer();
  return image.png().toBuffer();
}

/** The same format, smaller: a lower quality, or PNG's strongest compression. */
function encodeCompact(image: Sharp, format: ImageFormat): Promise<Buffer> {
  if (format === 'jpeg') return image.jpeg({ quality: 75, mozjpeg: true }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 75 }).toBuffer();
  return image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
}

/**
 * The image re-encoded within `maxBytes`: a file just under the upload limit can come out over
 * it (a 9.3 MB JPEG of 36 megapixels re-encoded at quality 90 is 10.9 MB), and was stored so,
 * then exported, and its export refused on import. Over the limit it is encoded once more,
 * smaller; still over, it is refused as too large.
 */
async function encodeWithin(
  oriented: () => Sharp,
  format: ImageFormat,
  maxBytes: number,
): Promise<Buffer> {
  const image = await encode(oriented(), format);
  if (image.length <= maxBytes) return image;
  const compact = await encodeCompact(oriented(), format);
  if (compact.length <= maxBytes) return compact;
  throw new ImageRejected('too-many-bytes');
}

/** Content types of the stored files, by extension. */
export const IMAGE_CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};
