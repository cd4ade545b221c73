import { SCREENSHOT_MAX_BYTES } from '#shared/constants.ts';

/** The formats the server accepts; it checks the bytes as well, this only saves a round trip. */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Why a file cannot be a screenshot, in the words of a toast; `null` when it can. */
export function describeImageFileProblem(
  file: File,
): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) {
    return { title: 'Invalid File', description: 'Please select an image file' };
  }
  if (!SCREENSHOT_TYPES.includes(file.type)) {
    return { title: 'Invalid File', description: 'Please select a PNG, JPEG, WebP or GIF image' };
  }
  if (file.size > SCREENSHOT_MAX_BYTES) {
    return {
      title: 'File Too Large',
      description: `Screenshots can be at most ${SCREENSHOT_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller image.`,
    };
  }
  return null;
}
