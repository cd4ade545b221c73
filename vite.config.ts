import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precacheManifest } from './scripts/precache-plugin.ts';
import { screenPreloads } from './scripts/screen-preload-plugin.ts';
import { stylesheetAfterLoadingScreen } from './scripts/stylesheet-plugin.ts';
import { AUTHENTICATED_LAYOUT_MODULE, lazyScreens } from './src/client/app/screens.ts';

const apiPort = process.env.PORT ?? '5000';

/** See `admin-schemas` below. */
const ADMIN_SCHEMAS = /src[\\/]shared[\\/]schemas[\\/](team|admin)\.ts$/;

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    tailwindcss(),
    precacheManifest(),
    stylesheetAfterLoadingScreen(),
    screenPreloads({ screens: lazyScreens, layoutModule: AUTHENTICATED_LAYOUT_MODULE }),
  ],
  // The app is written against React's API and types and runs on Preact's compatibility layer,
  // about 11 kB gzip where React's renderer is about 60 (docs/decisions/0038-preact.md). Every
  // import of React, ours and the libraries', is sent to Preact, and JSX compiles to Preact's
  // runtime.
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      // The shim of useSyncExternalStore for React before 18 (wouter imports it) carries its
      // own fallback; Preact has the hook.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
    ],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Zod with the module that configures it, in one chunk: chunks do not keep the
            // source's execution order, and the setting must be in place before the shared
            // schemas (in other chunks) are built (src/client/lib/zod-without-eval.ts).
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]client[\\/]lib[\\/]zod-without-eval\.ts/,
            },
            // The libraries every screen runs on, the login page included, in one chunk: left
            // to itself the bundler spread them over four chunks shared with the lazy screens,
            // and each compressed alone (1 kB more for the login page, whose budget is 100 kB).
            {
              name: 'vendor',
              test: /node_modules[\\/](preact|@tanstack|wouter|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
            },
            // What the entry imports statically (the login page) in one chunk, and the code two
            // or more screens share in another. Left to itself the bundler cut the dashboard
            // into 45 files, most under 1 kB; a phone opens six connections at a time, so
            // each wave of them cost a round trip (150 ms on Lighthouse's slow 4G) before the
            // first screen could render. Now it takes 8 files, and the login page 5 instead
            // of 9; each downloads less in all, as bigger files compress better. A screen
            // also loads shared code it does not use: the price of the round trips saved.
            // Chart code is used by one screen only, so it keeps its chunk.
            { name: 'start', tags: ['$initial'] },
            { name: 'shared', minShareCount: 2, test: (id) => !ADMIN_SCHEMAS.test(id) },
            // The schemas only an administrator's screens use (the team's figures, the
            // accounts; settings' own deletion reads one) in a chunk of their own, not in the
            // shared chunk every trader's dashboard evaluates. After `shared`, which has taken
            // the schemas they build on (analytics, discipline), so that they stay there.
            { name: 'admin-schemas', test: ADMIN_SCHEMAS },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // No changeOrigin: the API's same-origin check compares Origin with Host.
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
});
