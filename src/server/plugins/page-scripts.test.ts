import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { inlineScriptSources, readPageScriptSources } from './page-scripts.ts';

const sourceOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the sources of a page’s inline scripts', () => {
  test('each script run inline, hashed over its text exactly as written', () => {
    const theme =
      "\n      (function () { document.documentElement.classList.add('dark'); })();\n    ";
    const page = `<head><script>${theme}</script><SCRIPT type="module">import('/a.js');</SCRIPT></head>`;
    expect(inlineScriptSources(page)).toEqual([sourceOf(theme), sourceOf("import('/a.js');")]);
    // One character more or less is another script.
    expect(inlineScriptSources(`<script>${theme.trim()}</script>`)).not.toEqual([sourceOf(theme)]);
  });

  test('hashed as the browser reads them: line breaks of a Windows checkout count as one', () => {
    // The HTML parser turns CR LF and CR into LF before a script's text exists; a page saved
    // with CR LF (a checkout with core.autocrlf) must be hashed over that text, or no inline
    // script of it runs.
    const lines = ['(function () {', "  document.documentElement.classList.add('dark');", '})();'];
    const expected = [sourceOf(`\n${lines.join('\n')}\n`)];
    expect(inlineScriptSources(`<script>\r\n${lines.join('\r\n')}\r\n</script>`)).toEqual(expected);
    expect(inlineScriptSources(`<script>\r${lines.join('\r')}\r</script>`)).toEqual(expected);
  });

  test('not the files a page loads, nor its data blocks, which are not run', () => {
    const page = [
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      "<script src='/x.js'></script>",
      '<script type="application/json" id="page-answers">{"/api/x":1}</script>',
      '<script type=text/plain>not code</script>',
    ].join('');
    expect(inlineScriptSources(page)).toEqual([]);
  });

  test('read from the built page; none without one', () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'rk-page-scripts-'));
    try {
      expect(readPageScriptSources(clientDir)).toEqual([]);
      expect(readPageScriptSources(undefined)).toEqual([]);
      writeFileSync(join(clientDir, 'index.html'), '<script>var a = 1;</script>');
      expect(readPageScriptSources(clientDir)).toEqual([sourceOf('var a = 1;')]);
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
