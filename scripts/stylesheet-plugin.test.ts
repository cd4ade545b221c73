import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { moveStylesheets } from './stylesheet-plugin.ts';

const LINK = '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">';

describe('the stylesheet after the page’s loading screen', () => {
  test('moves from the head to the marker, after the loading screen', () => {
    const built = [
      '<head>',
      '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
      `    ${LINK}`,
      '</head>',
      '<body>',
      '    <div id="root"><div id="page-loading" role="status">Loading...</div></div>',
      '    <!-- app-stylesheet: the build moves the stylesheet here. -->',
      '</body>',
    ].join('\n');
    const page = moveStylesheets(built);
    expect(page.match(/<link rel="stylesheet"/g)).toHaveLength(1);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toContain('stylesheet');
    expect(page.indexOf(LINK)).toBeGreaterThan(page.indexOf('Loading...'));
    expect(page).not.toContain('app-stylesheet');
  });

  test('the app’s page has the marker after its loading screen', () => {
    const source = readFileSync(new URL('../src/client/index.html', import.meta.url), 'utf8');
    expect(source.indexOf('<!-- app-stylesheet')).toBeGreaterThan(
      source.indexOf('id="page-loading"'),
    );
  });

  test('refuses a page without a marker or without a stylesheet, rather than build either', () => {
    expect(() => moveStylesheets(`<head>${LINK}</head><body></body>`)).toThrow(/app-stylesheet/);
    expect(() => moveStylesheets('<head></head><body><!-- app-stylesheet --></body>')).toThrow(
      /no stylesheet/,
    );
  });
});
