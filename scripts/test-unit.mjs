// Runs the Vitest suites on PGlite, then the whole server suite again on
// PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

function run(env) {
  const result = spawnSync('npx', ['vitest', 'run'], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run({ GB_TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  console.log(`\nServer suite on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})`);
  run({ GB_TEST_DB: 'postgres' });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL run of the server suite was skipped.');
}
