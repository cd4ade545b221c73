/**
 * Where a session's screenshot is served: the full image, or the small WebP the server keeps for
 * lists. `ref` is the session's opaque `screenshotPath`.
 */
export function getScreenshotUrl(ref: string, { thumbnail = false } = {}): string {
  const url = `/api/screenshots/${encodeURIComponent(ref)}`;
  return thumbnail ? `${url}/thumbnail` : url;
}
