import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A file per core (Vitest's default leaves one core idle): much of the suite waits on
    // PostgreSQL or on servers it started, so both cores of a CI machine stay busy. PostgreSQL
    // tests of parallel files keep to a database per worker (src/testing/postgres-schema.ts).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'src/testing/**/*.test.ts',
          ],
          globalSetup: ['src/testing/global-setup.ts'],
          // The files of a worker share its loaded modules instead of importing the whole
          // server anew, which took a third of the project's CPU. Each test builds its own app
          // and database (src/testing/test-app.ts), and no server test mocks a module.
          isolate: false,
          // argon2 and PostgreSQL schemas make some tests slower than the 5 s default on 2 cores.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Pure client logic (no DOM): the screens themselves are tested in Chromium by Playwright.
        test: {
          name: 'client',
          include: ['src/client/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The tools' own logic (the audit's verdict).
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
