import { configDefaults, defineConfig } from 'vitest/config';

const onlyServer = process.env.GB_TEST_DB === 'postgres';

// The server suite runs twice: on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set (scripts/test-unit.mjs). A file named
// *.embedded.test.ts tests the embedded database itself (its data dir, first
// start, backups, the commands run on DATA_DIR) and never opens PostgreSQL:
// the second run would repeat it unchanged, so it leaves it out. A file named
// *.postgres.test.ts needs PostgreSQL and runs only in the second run.
export default defineConfig({
  test: {
    include: onlyServer
      ? ['apps/server/**/*.test.ts']
      : ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      onlyServer ? '**/*.embedded.test.ts' : '**/*.postgres.test.ts',
    ],
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/server/test/fail-on-console.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three on two cores: the tests that start a server or a command as a
    // process wait on it, and a third worker fills that wait (the PGlite run
    // took 394 s against 443 s with two; decision 069).
    maxWorkers: 3,
    isolate: false,
  },
});
