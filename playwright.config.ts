import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 5055);

/** Flags that keep Debian's Chromium headless and off the closed network. */
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium, never a downloaded browser, in two builds of the same engine. The journeys
 * run in its headless shell (package chromium-headless-shell, the build Playwright itself runs
 * headless): the same Blink and V8 without the full browser's windowing, which on a 2-core
 * machine took a third less CPU for the same tests. The specs about the browser around the page
 * (notifications, a window regaining focus), which the shell does not have, run in the full
 * browser; so does everything when the shell is not installed. `CHROME_PATH` sets both.
 */
// An empty CHROME_PATH counts as unset, as in a shell: `CHROME_PATH= npm test`.
const FULL_BROWSER = process.env.CHROME_PATH || '/usr/bin/chromium';
const HEADLESS_SHELL =
  process.env.CHROME_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : FULL_BROWSER);
const fullBrowser = { executablePath: FULL_BROWSER, args };
const headlessShell = { executablePath: HEADLESS_SHELL, args };
const NEEDS_FULL_BROWSER = /(pwa|rule-refresh)\.spec\.ts/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // On CI a failed journey runs once more, and one that passes then is reported as flaky, by
  // name (docs/decisions/0079-a-journey-that-fails-once.md); on a developer's machine, never.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The app's service worker would answer the asset requests that journeys hold back with
    // page.route; the one spec about the installed app turns it back on (e2e/pwa.spec.ts).
    serviceWorkers: 'block',
    // A failed test keeps its trace (each action with its call log, network, console) and a
    // screenshot of the end. Recording costs on every test, passed or not, so two parts are
    // left out: the screencast (a frame of every page encoded: half again as much CPU on a
    // 2-core machine, Chromium 156, and pages ran past their 5 s waits) and the DOM snapshot
    // around every action (a tenth of the journeys' CPU: four specs took 211-213 CPU-s with it,
    // 182-192 without, as many as with no trace at all). To see a failure's DOM step by step,
    // run its spec again with `--trace on`.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: headlessShell },
      testIgnore: [NEEDS_FULL_BROWSER, /responsive\.spec\.ts/],
    },
    {
      name: 'desktop-full-browser',
      use: { ...devices['Desktop Chrome'], launchOptions: fullBrowser },
      testMatch: NEEDS_FULL_BROWSER,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: headlessShell },
      testMatch: /responsive\.spec\.ts/,
    },
  ],
  // The server runs on a fresh SQLite folder, or on a fresh PostgreSQL database when
  // E2E_DATABASE_URL names a server (scripts/e2e-server.js): every journey runs on either. CI
  // runs them on SQLite with the machine's Node and on PostgreSQL with Node 24 (.ci/run).
  webServer: {
    // CI's Node 24 pass reuses the build the first pass made (E2E_REUSE_BUILD=1).
    command: process.env.E2E_REUSE_BUILD
      ? 'node scripts/e2e-server.js'
      : 'npm run build && node scripts/e2e-server.js',
    url: `http://localhost:${PORT}/api/health`,
    env: { PORT: String(PORT), HOST: '127.0.0.1' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
