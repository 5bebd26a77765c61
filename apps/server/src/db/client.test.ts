// The embedded database's data dir is held by one process at a time; the
// helpers every repository uses behave the same on both databases.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import { DataDirInUseError, isEmbedded, openDatabase, positionalSql, queryRows, withTransaction, type Database } from './client';
import { getMeta, setMeta } from './meta';

const dirs: string[] = [];
function freshDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-lock-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(`${dir}.pid`, { force: true });
  }
});

describe('PGlite data dir lock', () => {
  it('refuses a second open while the first is open, and allows it after close', async () => {
    const dir = freshDir();
    const first = await openDatabase({ pgliteDir: dir });
    await expect(openDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    expect(fs.existsSync(`${dir}.pid`)).toBe(false);
    const second = await openDatabase({ pgliteDir: dir });
    await second.close();
  });

  it('refuses a dir held by another live node process and names its pid', async () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(`${dir}.pid`, String(holder.pid));
      const err = await openDatabase({ pgliteDir: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirInUseError);
      expect((err as Error).message).toContain(`pid ${holder.pid}`);
      expect((err as Error).message).toContain('DATABASE_URL');
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    fs.writeFileSync(`${dir}.pid`, String(gone.pid));
    const database = await openDatabase({ pgliteDir: dir });
    expect(fs.readFileSync(`${dir}.pid`, 'utf8')).toBe(String(process.pid));
    await database.close();
  });
});

describe('database helpers', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('commits a transaction whose work resolves and rolls back one whose work throws', async () => {
    const kept = withTransaction(database.db, async (tx) => {
      await setMeta(tx, 'helpers-kept', 'yes');
      return 'done';
    });
    expect(await kept).toBe('done');
    const failing = withTransaction(database.db, async (tx) => {
      await setMeta(tx, 'helpers-dropped', 'yes');
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    expect(await getMeta(database.db, 'helpers-kept')).toBe('yes');
    expect(await getMeta(database.db, 'helpers-dropped')).toBeUndefined();
  });

  it('returns raw rows as the SQL names their columns', async () => {
    const rows = await queryRows<{ n: number; word: string }>(
      database.db,
      sql`select n, 'w' || n as word from generate_series(1, 2) as n order by n`,
    );
    expect(rows).toEqual([
      { n: 1, word: 'w1' },
      { n: 2, word: 'w2' },
    ]);
  });

  it('tells the embedded database from PostgreSQL, inside a transaction too', async () => {
    const embedded = database.kind === 'pglite';
    expect(isEmbedded(database.db)).toBe(embedded);
    expect(await withTransaction(database.db, async (tx) => isEmbedded(tx))).toBe(embedded);
  });

  it('binds each $n placeholder of SQL text as one value, a JSON document included', async () => {
    const [row] = await queryRows<{ second: string; first: string }>(
      database.db,
      positionalSql('select $2::json ->> 1 as second, $1::text as first', ['one', JSON.stringify(['a', 'b'])]),
    );
    expect(row).toEqual({ second: 'b', first: 'one' });
  });
});
