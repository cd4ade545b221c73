import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Files of public/ that belong to the shell; sw.js and its list are the worker itself. */
const PUBLIC_SHELL = [
  'favicon.png',
  'manifest.webmanifest',
  'icon-192.png',
  'icon-512.png',
  'icon-maskable-512.png',
  'apple-touch-icon.png',
];

/** What the service worker keeps: the page and every script, style and font of this build. */
const SHELL_FILE = /^(index\.html|assets\/.+\.(js|css|woff2))$/;

/**
 * Writes `sw-precache.js` beside the build: the app shell's URLs and a version that changes
 * whenever any of those files does (public/sw.js imports it; docs/decisions/0029).
 */
export function precacheManifest(): Plugin {
  let outDir = '';
  return {
    name: 'rulekeeper:precache-manifest',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const files = [
        ...Object.keys(bundle).filter((name) => SHELL_FILE.test(name)),
        ...PUBLIC_SHELL,
      ].sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update(readFileSync(join(outDir, file)));
      const precache = {
        version: hash.digest('hex').slice(0, 16),
        urls: files.map((file) => `/${file}`),
      };
      writeFileSync(
        join(outDir, 'sw-precache.js'),
        `// Written by the build (scripts/precache-plugin.ts): this build's app shell.\n` +
          `self.RULEKEEPER_PRECACHE = ${JSON.stringify(precache, null, 2)};\n`,
      );
    },
  };
}
