// Opens the database: embedded PGlite in DATA_DIR by default, or a PostgreSQL
// server when DATABASE_URL is set. Both speak the same SQL and migrations.
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverSourceDir } from '../lib/project-paths';
import { ReconnectingPool } from './connection-loss';
import { applyFunctionFiles, pgClientRunner, pgliteRunner } from './functions';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from './pglite-module';
import { openPgliteThread, type PgliteClient } from './pglite-thread';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** For LISTEN/NOTIFY and other server-only features. */
  pool?: pg.Pool;
  /** The embedded database: in a worker thread for the server (pglite-thread.ts), in this thread in tests. */
  pglite?: PgliteClient;
  close: () => Promise<void>;
  /** Marks a first start's database as complete (opened with `markFirstStart`; PGlite only). */
  finishFirstStart?: () => void;
};

/**
 * Runs `work` in one transaction, committed when it resolves and rolled back
 * when it throws. `tx` is a Db, so repository functions take either.
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}

/**
 * Runs raw SQL and returns its rows, typed by the caller: the one way to read
 * what Drizzle's query builder cannot express. Columns are named as the SQL
 * names them (snake_case unless aliased); values come as the driver parses
 * them (both drivers answer `{ rows }`).
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** A uuid[] parameter (Drizzle's sql template would spread a JS array into a list); the ids must be uuids. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * SQL written with $1, $2… placeholders, each bound as one parameter. For a
 * statement kept as text; Drizzle's sql template would spread an array
 * parameter into a list, where a JSON document must stay one value.
 */
export function positionalSql(text: string, params: unknown[]): SQL {
  const chunks = text.split(/\$(\d+)/);
  return sql.join(
    chunks.map((chunk, i) => (i % 2 === 0 ? sql.raw(chunk) : sql`${params[Number(chunk) - 1]}`)),
    sql.raw(''),
  );
}

/**
 * Whether `db` (or a transaction of it) is the embedded database, which
 * answers from its own thread: there a few large values cross faster than
 * many small ones (search.repository.ts's candidate rows).
 */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { session?: unknown }).session instanceof PgliteSession;
}

/** A Drizzle database over an open PGlite client (in this thread, or its own: pglite-thread.ts). */
export function pgliteDb(client: PgliteClient): Db {
  // Drizzle types each driver's database by its own result type; the app uses the common PgDatabase.
  return drizzlePglite(client as PGlite, { schema }) as unknown as Db;
}

export const migrationsFolder = path.join(serverSourceDir, 'db', 'migrations');

export type DatabaseOptions = {
  databaseUrl?: string;
  pgliteDir?: string;
  /**
   * Mark a fresh PGlite data dir as being built until `finishFirstStart` is
   * called (the server and the CLIs that prepare a database do), so a first
   * start killed midway is built again next time instead of failing forever.
   */
  markFirstStart?: boolean;
  /** PGlite's shared buffers (PGLITE_SHARED_BUFFERS; decision 036). */
  pgliteSharedBuffers?: string;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new ReconnectingPool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (!options.pgliteDir) throw new Error('pgliteDir is required without a database URL');
  const dir = path.resolve(options.pgliteDir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const release = lockDataDir(dir);
  const marker = firstStartMarker(dir);
  let client: PgliteClient;
  try {
    // A first start killed before it finished left a half-made database. It
    // holds nothing yet (the marker goes only once everything is loaded), so
    // it is built again rather than failing every start from now on.
    if (fs.existsSync(marker)) fs.rmSync(dir, { recursive: true, force: true });
    const fresh = !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
    if (fresh && options.markFirstStart) fs.writeFileSync(marker, `${process.pid} ${new Date().toISOString()}\n`);
    fs.mkdirSync(dir, { recursive: true });
    client = await openPgliteThread(dir, options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS);
  } catch (err) {
    release();
    throw new DataDirUnusableError(dir, err);
  }
  const db = pgliteDb(client);
  const close = async () => {
    try {
      await client.close();
    } finally {
      release();
    }
  };
  const finishFirstStart = () => fs.rmSync(marker, { force: true });
  return { db, kind: 'pglite', pglite: client, close, finishFirstStart };
}

/** Beside the data dir (initdb wants it empty): present while a first start is building the database. */
export function firstStartMarker(dir: string) {
  return `${path.resolve(dir)}.first-start`;
}

/** A PGlite data dir that cannot be opened: what is wrong, and what to do. */
export class DataDirUnusableError extends Error {
  constructor(
    readonly dir: string,
    cause: unknown,
  ) {
    super(
      `The embedded database in ${dir} could not be opened (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'It may be damaged, or from another PostgreSQL version. To keep your data, stop here and restore the folder ' +
        'from a backup; to start again with an empty database, move the folder aside and start GrantBridge again.',
      { cause },
    );
    this.name = 'DataDirUnusableError';
  }
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so instances starting
 * together take turns at migrations and first-start loading (on PGlite one
 * process holds the data dir, so it just runs).
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock(724202)');
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock(724202)').catch(() => undefined);
    client.release();
  }
}

/** A second process on the same PGlite data dir (a second `npm start`, or `npm run ingest` while the server runs). */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The database in ${dir} is in use by another GrantBridge process (pid ${pid}). ` +
        'The embedded database allows one process at a time: stop that process first ' +
        '(or run several processes against a PostgreSQL server with DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Data dirs this process holds, so a second open in the same process is refused too. */
const heldDataDirs = new Set<string>();

function isLiveNodeProcess(pid: number, dir: string): boolean {
  if (pid === process.pid) return heldDataDirs.has(dir);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to someone else, so it is alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A stale lock whose pid was reused by an unrelated program (after a crash or a
  // container restart) must not lock the data dir out.
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

/**
 * PGlite has no lock of its own: two processes writing one data dir corrupt
 * it. A pid file (`<dir>.pid`) created exclusively keeps a second process out;
 * a file left by a process that died is taken over.
 */
export function lockDataDir(directory: string): () => void {
  const dir = path.resolve(directory);
  // Beside the data dir, not in it: initdb refuses a directory that is not empty.
  const file = `${dir}.pid`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldDataDirs.add(dir);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldDataDirs.delete(dir);
        process.off('exit', release);
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
        } catch {
          // Already gone.
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (isLiveNodeProcess(owner, dir)) throw new DataDirInUseError(dir, owner);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the database in ${dir}: ${file} keeps coming back.`);
}

/**
 * Applies committed migrations, then the function files that changed
 * (db/functions.ts); resolves with the names of those files. On PostgreSQL an
 * advisory lock keeps two starting instances apart for both.
 */
export async function migrateDatabase(
  database: Database,
  options: { functionsFolder?: string } = {},
): Promise<string[]> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return applyFunctionFiles(pgliteRunner(database.pglite!), options.functionsFolder);
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock(724201)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    return await applyFunctionFiles(pgClientRunner(client), options.functionsFolder);
  } finally {
    await client.query('SELECT pg_advisory_unlock(724201)').catch(() => undefined);
    client.release();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
