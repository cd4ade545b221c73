import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_ANSWERS_ID } from '#shared/page-answers.ts';

/**
 * The answers to `calls` (API paths, GET) as the browser of `request` would get them: each is
 * asked of the app itself with the request's cookie, through the same hooks, access checks and
 * serializers as a call over the network. Only successful answers are kept; the app asks
 * itself for any other. Cookies an answer sets (a login found expired is cleared) are returned to be
 * sent with the page.
 */
export async function answerCalls(
  app: FastifyInstance,
  request: FastifyRequest,
  calls: readonly string[],
): Promise<{ answers: Record<string, unknown>; cookies: string[] }> {
  const cookie = request.headers.cookie;
  const replies = await Promise.all(
    calls.map((url) =>
      app
        .inject({
          method: 'GET',
          url,
          headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
        })
        // The server began to close while the page was being built (a graceful restart): the
        // page goes without the answer, and the app asks for it as it would anyway.
        .catch(() => undefined),
    ),
  );
  const answers: Record<string, unknown> = {};
  const cookies = new Set<string>();
  replies.forEach((reply, index) => {
    if (!reply) return;
    const setCookie = reply.headers['set-cookie'];
    for (const value of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      cookies.add(value);
    }
    if (reply.statusCode === 200) answers[calls[index]!] = reply.json();
  });
  return { answers, cookies: [...cookies] };
}

/** `<`, `>`, `&` and the two line separators as JSON escapes: no text can end the element. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * The answers as a JSON data block for the page's head. The browser does not run it (its type
 * is not a script's), so the page's script policy is untouched; a trader's own text in it (a
 * name, a rule) is escaped so that it cannot close the element.
 */
export function answersElement(answers: Record<string, unknown>): string {
  const json = JSON.stringify(answers).replace(
    UNSAFE_IN_SCRIPT,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${PAGE_ANSWERS_ID}">${json}</script>`;
}
