import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // argon2 and PostgreSQL schemas make some tests slower than the 5 s default on 2 cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
