/**
 * The element of a page that carries the answers to the page's first API calls, by path, as
 * JSON (src/server/plugins/page-answers.ts writes it, src/client/lib/page-answers.ts reads it;
 * docs/decisions/0049-page-answers.md).
 */
export const PAGE_ANSWERS_ID = 'page-answers';

/** The calls every page makes first, whoever opens it: who is logged in, and the app's name. */
export const PAGE_CALLS = ['/api/auth/session', '/api/app-info'] as const;
