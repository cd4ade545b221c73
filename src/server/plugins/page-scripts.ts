import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JAVASCRIPT_TYPES = new Set(['', 'text/javascript', 'module']);

function isRunInline(attributes: string): boolean {
  if (/\ssrc\s*=/i.test(` ${attributes}`)) return false;
  const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1] ?? '';
  // A data block (the page's answers are one) is not run, and no policy applies to it.
  return JAVASCRIPT_TYPES.has(type.toLowerCase());
}

/**
 * The policy's source for each script `html` runs inline (`'sha256-…'`, over the script's text
 * as the browser reads it), so that `script-src` allows those scripts and no other inline one:
 * the page's theme script, which must run before the first paint
 * (docs/decisions/0060-the-page-paints-first.md).
 */
export function inlineScriptSources(html: string): string[] {
  return (
    [...html.matchAll(SCRIPT)]
      .filter(([, attributes = '']) => isRunInline(attributes))
      // The browser hashes the text its parser made, which has turned CR LF and CR into LF.
      .map(([, , text = '']) => text.replace(/\r\n?/g, '\n'))
      .map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`)
  );
}

/**
 * The inline scripts' sources of the built page in `clientDir`, read once when the server
 * starts (a new build comes with a restart); none without a built client (the API tests).
 */
export function readPageScriptSources(clientDir: string | undefined): string[] {
  const page = clientDir ? join(clientDir, 'index.html') : '';
  return page && existsSync(page) ? inlineScriptSources(readFileSync(page, 'utf8')) : [];
}
