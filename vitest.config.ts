import { defineConfig } from 'vitest/config';

const onlyServer = process.env.GB_TEST_DB === 'postgres';

export default defineConfig({
  test: {
    include: onlyServer
      ? ['apps/server/**/*.test.ts']
      : ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/server/test/fail-on-console.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
  },
});
