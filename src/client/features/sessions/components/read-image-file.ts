import { IMAGE_MEDIA_TYPES, SCREENSHOT_MAX_BYTES } from '#shared/constants.ts';

/** Why a file cannot be a screenshot, in the words of a toast; `null` when it can. */
export function describeImageFileProblem(
  file: File,
): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) {
    return { title: 'Invalid File', description: 'Please select an image file' };
  }
  if (!IMAGE_MEDIA_TYPES.includes(file.type)) {
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
