/*
 * A screenshot is read by the browser itself, as an image's source: the URLs of the two
 * images the server keeps for one (`ref` is the session's `screenshotPath`).
 */

/** The full image, as the trader saved it (re-encoded by the server). */
export function getScreenshotUrl(ref: string): string {
  return `/api/screenshots/${encodeURIComponent(ref)}`;
}

/** A small WebP (at most 480 × 320), for lists and the dashboard. */
export function getScreenshotThumbnailUrl(ref: string): string {
  return `${getScreenshotUrl(ref)}/thumbnail`;
}
