// The database's functions and triggers have one source file each,
// db/functions/<owner>/<name>.sql (its README says how to change one). The
// migrator applies them after the Drizzle migrations, in the same advisory
// lock (client.ts migrateDatabase): every file in path order whose sha256
// differs from the one recorded in db_functions when it was last applied,
// each file and its record in one transaction. db_functions is the
// migrator's own bookkeeping, like Drizzle's migrations table: it is created
// here, not in the Drizzle schema.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { serverSourceDir } from '../lib/project-paths';
import type { PgliteClient } from './pglite-thread';

export const functionsFolder = path.join(serverSourceDir, 'db', 'functions');

/** A source file: its path under the folder (`<owner>/<name>.sql`, with `/`), text and hash. */
export type FunctionFile = { name: string; text: string; sha256: string };

/** The folder's .sql files, sorted by path. */
export function readFunctionFiles(folder = functionsFolder): FunctionFile[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.split(path.sep).join('/'))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(folder, name), 'utf8');
      return { name, text, sha256: crypto.createHash('sha256').update(text).digest('hex') };
    });
}

/** What applying needs of a connection: a statement with $n parameters, and a script of several statements. */
export type FunctionSession = {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
};
export type FunctionRunner = FunctionSession & {
  transaction<T>(work: (tx: FunctionSession) => Promise<T>): Promise<T>;
};

/** The embedded database (its exec runs a script of several statements). */
export function pgliteRunner(client: PgliteClient): FunctionRunner {
  return {
    query: async <T>(text: string, params?: unknown[]) =>
      (await client.query<T>(text, params)).rows,
    exec: async (text) => {
      await client.exec(text);
    },
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          query: async <T>(text: string, params?: unknown[]) =>
            (await tx.query<T>(text, params)).rows,
          exec: async (text) => {
            await tx.exec(text);
          },
        }),
      ),
  };
}

/** One PostgreSQL connection (a query without parameters goes by the simple protocol, which takes several statements). */
export function pgClientRunner(client: pg.ClientBase): FunctionRunner {
  const session: FunctionSession = {
    query: async <T>(text: string, params?: unknown[]) =>
      (await client.query(text, params)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
  };
  return {
    ...session,
    async transaction(work) {
      await client.query('BEGIN');
      try {
        const result = await work(session);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}

/**
 * Applies the files that changed since they were last applied (all of them
 * on a database that has none recorded); resolves with their names. The
 * caller holds the migrations' lock, so two instances never apply together.
 */
export async function applyFunctionFiles(
  runner: FunctionRunner,
  folder = functionsFolder,
): Promise<string[]> {
  await runner.exec(
    'CREATE TABLE IF NOT EXISTS db_functions (name text PRIMARY KEY, sha256 text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const recorded = new Map(
    (
      await runner.query<{ name: string; sha256: string }>('SELECT name, sha256 FROM db_functions')
    ).map((r) => [r.name, r.sha256]),
  );
  const files = readFunctionFiles(folder);
  // A file gone (its function dropped by a migration) is forgotten, so one added again under its name is applied.
  const present = new Set(files.map((f) => f.name));
  for (const name of recorded.keys()) {
    if (!present.has(name)) await runner.query('DELETE FROM db_functions WHERE name = $1', [name]);
  }
  const applied: string[] = [];
  for (const file of files) {
    if (recorded.get(file.name) === file.sha256) continue;
    try {
      await runner.transaction(async (tx) => {
        await tx.exec(file.text);
        await tx.query(
          `INSERT INTO db_functions (name, sha256, applied_at) VALUES ($1, $2, now())
           ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256, applied_at = EXCLUDED.applied_at`,
          [file.name, file.sha256],
        );
      });
    } catch (error) {
      throw new Error(
        `Applying db/functions/${file.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      );
    }
    applied.push(file.name);
  }
  return applied;
}
