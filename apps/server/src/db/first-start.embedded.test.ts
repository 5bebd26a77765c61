// A first start of the embedded database killed at any moment recovers on the
// next start; a data dir that cannot be opened says what to do; a second start
// is harmless (startup.ts). Instances started together on one PostgreSQL are
// instances-start.postgres.test.ts's. The PostgreSQL run leaves this file out:
// nothing here touches PostgreSQL (vitest.config.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { prepareDatabase } from '../startup';
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
    // Three opens and two migrations of an embedded database: over 30 s on a loaded CI host.
  }, 120_000);

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
  }, 300_000); // four first starts: 111 s on a loaded CI host

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

describe('a second start of the embedded database', () => {
  it('is harmless: one process per data dir, and the catalogue loaded once', async () => {
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'true' });
    const dir = freshDir();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ pgliteDir: dir, markFirstStart: true });
      await prepareDatabase(database, config, silent);
      await database.close();
    }
    expect(await grantCount(dir)).toBeGreaterThan(1000);
  }, 180_000);
});
