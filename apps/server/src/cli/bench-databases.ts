// The two databases a benchmark runs on, one after the other: a fresh PGlite
// in a temporary folder, then a fresh database on the PostgreSQL server of
// DATABASE_URL (skipped, with a line saying so, when it is not set).
// BENCH_ONLY=pglite|postgres runs one; BENCH_PGLITE_DIR=<dir> and
// BENCH_PG_DB=<name> keep that database afterwards (to look at plans, or to
// reuse a seeded one next time).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

export async function onBothDatabases(name: string, run: (label: string, database: Database) => Promise<void>) {
  if (process.env.BENCH_ONLY !== 'postgres') {
    const dir = process.env.BENCH_PGLITE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), `gb-${name}-`));
    const pglite = await openDatabase({ pgliteDir: dir });
    try {
      await run('PGlite', pglite);
    } finally {
      await pglite.close();
      if (!process.env.BENCH_PGLITE_DIR) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const url = process.env.BENCH_ONLY === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (!url) {
    console.log('\nDATABASE_URL is not set: the PostgreSQL run was skipped.');
    return;
  }
  const database = process.env.BENCH_PG_DB ?? `gb_${name.replace(/-/g, '_')}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const u = new URL(url);
  u.pathname = `/${database}`;
  const server = await openDatabase({ databaseUrl: u.toString() });
  try {
    await run(`PostgreSQL (${u.host})`, server);
  } finally {
    await server.close();
    if (!process.env.BENCH_PG_DB) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}
