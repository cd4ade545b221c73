import { z } from './zod.ts';

/**
 * The build's list of the script files each screen behind the login needs beyond the page's
 * own, and of the calls it waits for (scripts/screen-preload-plugin.ts): for a page request that
 * carries a login, the server names the files in the page and puts the calls' answers in it
 * (src/server/plugins/client-app.ts).
 */
export const SCREEN_PRELOADS_FILE = 'screen-preloads.json';

export const screenPreloadsSchema = z.array(
  z.object({
    /** A route pattern of the client (`/history/:id`). */
    path: z.string().check(z.startsWith('/')),
    /** Same-origin script paths (`/assets/history-AbC123.js`). */
    files: z.array(z.string().check(z.regex(/^\/assets\/[\w.-]+\.js$/))),
    /** The API calls the screen makes before it can draw itself (`/api/notices`), no query. */
    calls: z._default(z.array(z.string().check(z.regex(/^\/api\/[\w/-]+$/))), []),
  }),
);
export type ScreenPreload = z.infer<typeof screenPreloadsSchema>[number];
