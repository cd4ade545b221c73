import { readFileSync } from 'node:fs';

/**
 * The inline scripts of the app's page (src/client/index.html), as written, in page order: the
 * theme script, then the one that reloads the page when the app's files do not arrive. Their
 * tests run them as the browser does, in a context that stands in for the page.
 */
export function pageInlineScripts(): { theme: string; missingCode: string } {
  const page = readFileSync(new URL('../client/index.html', import.meta.url), 'utf8');
  const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  const [theme, missingCode, ...others] = scripts;
  if (theme === undefined || missingCode === undefined || others.length > 0) {
    throw new Error(`index.html runs ${scripts.length} inline scripts; its tests expect two`);
  }
  return { theme, missingCode };
}
