// The shipped catalogue in a scratch PGlite, loaded by the real importer, for
// the relevance tools (bench:relevance, relevance:pool, the test-set tools).
// RELEVANCE_PGLITE_DIR keeps (and reuses) the database between runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, type Db } from '../db/client';
import { loadShippedGrants } from '../seed/grants-seed';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export async function withShippedCatalogue<T>(work: (db: Db, dir: string) => Promise<T>): Promise<T> {
  const config = loadConfig({ NODE_ENV: 'test' });
  const keep = process.env.RELEVANCE_PGLITE_DIR || process.env.BENCH_PGLITE_DIR || undefined;
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gb-relevance-'));
  const database = await openDatabase({ pgliteDir: dir });
  try {
    await migrateDatabase(database);
    await loadShippedGrants(database.db, config);
    return await work(database.db, dir);
  } finally {
    await database.close();
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}
