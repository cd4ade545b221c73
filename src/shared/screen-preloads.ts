import { z } from 'zod';

/**
 * The build's list of the script files each screen needs beyond the page's own, and of the calls
 * it waits for (scripts/screen-preload-plugin.ts), which the server names in its answer to a page
 * request (src/server/plugins/client-app.ts): a trader's screen to a request that carries a
 * login, a guest's (the login, the signup) to one that does not.
 */
export const SCREEN_PRELOADS_FILE = 'screen-preloads.json';

export const screenPreloadsSchema = z.array(
  z.object({
    /** A route pattern of the client (`/history/:id`). */
    path: z.string().startsWith('/'),
    /** Same-origin script paths (`/assets/history-AbC123.js`). */
    files: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
    /** The API calls the screen makes before it can draw itself (`/api/notices`), no query. */
    calls: z.array(z.string().regex(/^\/api\/[\w/-]+$/)).default([]),
    /** Whose screen it is: a logged-in trader's, or a visitor's without a login. */
    visitor: z.enum(['trader', 'guest']).default('trader'),
    /** The guest screen a visitor without a login is sent to from a trader's screen. */
    landing: z.boolean().default(false),
  }),
);
export type ScreenPreload = z.infer<typeof screenPreloadsSchema>[number];
