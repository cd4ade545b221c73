import type { Plugin } from 'vite';

/** Where index.html wants the app's stylesheet: a comment after the page's loading screen. */
const MARKER = /<!-- app-stylesheet\b[\s\S]*?-->/;
const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * The page with its stylesheets moved from the head to the marker in the body. A stylesheet in
 * the head holds back the page's first paint until it has arrived; in the body it holds back
 * only what follows it, so the loading screen before it paints as soon as the page arrives. It
 * still holds back the app's scripts until it has arrived, as every stylesheet the parser meets
 * does, so the app never draws unstyled (docs/decisions/0060-the-page-paints-first.md).
 */
export function moveStylesheets(html: string): string {
  const links = html.match(STYLESHEET)?.map((link) => link.trim()) ?? [];
  if (links.length === 0) throw new Error('stylesheet plugin: the page links no stylesheet');
  if (!MARKER.test(html)) throw new Error('stylesheet plugin: index.html has no app-stylesheet');
  return html.replace(STYLESHEET, '').replace(MARKER, links.join('\n    '));
}

/** Applies `moveStylesheets` to the built index.html, after Vite has added its links. */
export function stylesheetAfterLoadingScreen(): Plugin {
  return {
    name: 'rulekeeper:stylesheet-after-loading-screen',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: moveStylesheets },
  };
}
