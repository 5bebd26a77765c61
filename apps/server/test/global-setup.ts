// Builds the migrated template once (cached across runs by a hash of the
// migrations and reference data); each test file then starts from a copy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { loadReferenceData } from '../src/seed/seed';
import { pgliteTemplateFile, postgresTemplateName, templateKey, withDatabase } from './template';

async function buildPgliteTemplate(key: string) {
  const file = pgliteTemplateFile(key);
  if (fs.existsSync(file)) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-template-'));
  const database = await openDatabase({ pgliteDir: dir });
  await migrateDatabase(database);
  await loadReferenceData(database.db, loadConfig({ NODE_ENV: 'test' }));
  const dump = await database.pglite!.dumpDataDir('gzip');
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  fs.rmSync(dir, { recursive: true, force: true });
}

async function buildPostgresTemplate(url: string, key: string) {
  const name = postgresTemplateName(key);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building}`);
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, building) });
    await migrateDatabase(database);
    await loadReferenceData(database.db, loadConfig({ NODE_ENV: 'test' }));
    await database.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } finally {
    await admin.end();
  }
}

export default async function setup() {
  const key = templateKey();
  if (process.env.GB_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('GB_TEST_DB=postgres needs TEST_DATABASE_URL');
    await buildPostgresTemplate(url, key);
  } else {
    await buildPgliteTemplate(key);
  }
}
