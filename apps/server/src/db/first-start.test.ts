// A first start of the embedded database killed at any moment recovers on the
// next start; a data dir that cannot be opened says what to do; instances
// started together on one PostgreSQL all come up (startup.ts).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { prepareDatabase } from '../startup';
import { withDatabase } from '../../test/template';
import {
  DataDirUnusableError,
  firstStartMarker,
  migrateDatabase,
  openDatabase,
  queryRows,
} from './client';

const dirs: string[] = [];
function freshDir() {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gb-first-')), 'pglite');
  dirs.push(path.dirname(dir));
  return dir;
}
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const child = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../../test/first-start-child.ts',
);
const silent = { info: () => undefined } as never;

/** Starts on the data dir as the server does, and counts the catalogue it then serves. */
async function grantCount(dir: string) {
  const database = await openDatabase({ pgliteDir: dir, markFirstStart: true });
  try {
    await prepareDatabase(database, loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }), silent);
    return (
      await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM grants`)
    )[0]!.n;
  } finally {
    await database.close();
  }
}

describe('a first start of the embedded database', () => {
  it('is built again when the last one did not finish, and kept once it did', async () => {
    const dir = freshDir();
    const first = await openDatabase({ pgliteDir: dir, markFirstStart: true });
    await migrateDatabase(first);
    await first.db.execute(sql`CREATE TABLE half_made (x int)`);
    await first.close(); // killed before finishing: the marker stays
    expect(fs.existsSync(firstStartMarker(dir))).toBe(true);

    const again = await openDatabase({ pgliteDir: dir, markFirstStart: true });
    const leftover = await queryRows<{ n: number }>(
      again.db,
      sql`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'half_made'`,
    );
    expect(leftover[0]!.n).toBe(0);
    await migrateDatabase(again);
    await again.db.execute(sql`CREATE TABLE kept (x int)`);
    again.finishFirstStart?.();
    await again.close();
    expect(fs.existsSync(firstStartMarker(dir))).toBe(false);

    const later = await openDatabase({ pgliteDir: dir, markFirstStart: true });
    const kept = await queryRows<{ n: number }>(
      later.db,
      sql`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'kept'`,
    );
    expect(kept[0]!.n).toBe(1);
    await later.close();
  });

  it('recovers from a kill -9 at any moment of the first start', async () => {
    for (const killAfterMs of [300, 1200, 2500, 4000]) {
      const dir = freshDir();
      const proc = spawn(process.execPath, ['--import', 'tsx', child, dir], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      let finished = false;
      proc.stdout.on('data', (d: Buffer) => (finished ||= d.toString().includes('ready')));
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      proc.kill('SIGKILL');
      await exited;
      // Whatever moment it died at, the next start comes up with a whole database.
      const count = await grantCount(dir);
      expect(count, `killed after ${killAfterMs} ms (finished: ${finished})`).toBeGreaterThan(1000);
    }
  }, 120_000);

  it('says what is wrong and what to do when the data dir cannot be opened', async () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), 'not a database\n');
    const err = await openDatabase({ pgliteDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirUnusableError);
    expect((err as Error).message).toContain(dir);
    expect((err as Error).message).toMatch(/restore the folder from a backup/);
  });
});

describe('instances started together', () => {
  it('all come up: migrations and first-start loading take turns', async () => {
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'true' });
    if (process.env.GB_TEST_DB !== 'postgres') {
      // One process per embedded database: starting twice in a row is harmless.
      const dir = freshDir();
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ pgliteDir: dir, markFirstStart: true });
        await prepareDatabase(database, config, silent);
        await database.close();
      }
      expect(await grantCount(dir)).toBeGreaterThan(1000);
      return;
    }
    const url = process.env.TEST_DATABASE_URL!;
    const name = `gb_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const instances = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: withDatabase(url, name) })),
      );
      try {
        const results = await Promise.allSettled(
          instances.map((d) => prepareDatabase(d, config, silent)),
        );
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        // The demo was loaded once, by whichever came first.
        expect(results.filter((r) => r.status === 'fulfilled' && r.value).length).toBe(1);
      } finally {
        await Promise.all(instances.map((d) => d.close()));
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  }, 120_000);
});
