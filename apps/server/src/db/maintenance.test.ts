// The nightly upkeep of the embedded database: dead row versions go, and the
// visibility map lets a count be answered from an index alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, queryRows, type Database } from './client';
import { maintainEmbeddedDatabase } from './maintenance';

let database: Database;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-maintenance-'));
  database = await openDatabase({ pgliteDir: dir });
  await migrateDatabase(database);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('maintainEmbeddedDatabase', () => {
  it('vacuums and analyzes PGlite: updated rows leave no dead versions behind', async () => {
    await database.db.execute(sql`CREATE TABLE upkeep_probe (id int PRIMARY KEY, n int)`);
    await database.db.execute(sql`INSERT INTO upkeep_probe SELECT g, 0 FROM generate_series(1, 2000) g`);
    await database.db.execute(sql`UPDATE upkeep_probe SET n = n + 1`);
    const dead = async () =>
      (await queryRows<{ dead: number; vacuumed: boolean }>(
        database.db,
        sql`SELECT n_dead_tup::int AS dead, last_vacuum IS NOT NULL AS vacuumed FROM pg_stat_user_tables WHERE relname = 'upkeep_probe'`,
      ))[0]!;
    expect(await maintainEmbeddedDatabase(database)).toBe(true);
    expect(await dead()).toEqual({ dead: 0, vacuumed: true });
    const plan = (
      await queryRows<{ 'QUERY PLAN': string }>(
        database.db,
        sql`EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM upkeep_probe WHERE id < 1500`,
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index Only Scan[\s\S]*Heap Fetches: 0/);
  });

  it('leaves PostgreSQL to its own autovacuum', async () => {
    expect(await maintainEmbeddedDatabase({ ...database, kind: 'postgres' })).toBe(false);
  });
});
