// The function files (db/functions/, applied by db/functions.ts): the
// migrator applies each one once, again only when it changed, never half of
// one, and once in all when several instances start together.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fiscalYearOf } from '@grantbridge/contract/admin';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, usingPostgres } from '../../test/test-app';
import { withDatabase } from '../../test/template';
import { migrateDatabase, openDatabase, queryRows, type Database } from './client';
import { functionsFolder, readFunctionFiles } from './functions';

/** The catalogue rows of every function and trigger: CREATE OR REPLACE writes a new row version (xmin). */
async function versions(database: Database) {
  const rows = await queryRows<{ name: string; version: string }>(
    database.db,
    sql`SELECT 'function ' || proname AS name, xmin::text AS version FROM pg_proc WHERE pronamespace = 'public'::regnamespace
      UNION ALL
      SELECT 'trigger ' || tgname, xmin::text FROM pg_trigger WHERE NOT tgisinternal`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.version]));
}

async function recorded(database: Database) {
  const rows = await queryRows<{ name: string; sha256: string }>(
    database.db,
    sql`SELECT name, sha256 FROM db_functions`,
  );
  return rows
    .map((r) => ({ name: r.name, sha256: r.sha256 }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

async function fiscalYear(database: Database, at: string) {
  const [row] = await queryRows<{ year: number }>(
    database.db,
    sql`SELECT report_fiscal_year(${at}::timestamptz) AS year`,
  );
  return row!.year;
}

describe('the function files on a migrated database', () => {
  let database: Database;
  const dirs: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  /** A copy of the function files to change. */
  function copyOfFunctions() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-functions-'));
    dirs.push(dir);
    fs.cpSync(functionsFolder, dir, { recursive: true });
    return dir;
  }

  it('are all applied and recorded, and migrating again applies none of them', async () => {
    const files = readFunctionFiles();
    expect(files.map((f) => f.name)).toContain('applications/report_fiscal_year.sql');
    expect(await recorded(database)).toEqual(
      files.map((f) => ({ name: f.name, sha256: f.sha256 })),
    );
    const before = await versions(database);
    expect(Object.keys(before)).toContain('trigger grants_search_vector_trigger');
    expect(await migrateDatabase(database)).toEqual([]);
    expect(await migrateDatabase(database)).toEqual([]);
    expect(await versions(database)).toEqual(before);
  });

  it('computes the fiscal year as its TypeScript twin does (fiscalYearOf), at each edge of the year', async () => {
    for (const at of [
      '2024-09-30T23:59:59Z',
      '2024-10-01T00:00:00Z',
      '2025-01-01T00:00:00Z',
      '2025-09-30T12:00:00Z',
      '2025-10-01T00:00:01Z',
      '2028-02-29T12:00:00Z',
    ]) {
      const twin = Number(fiscalYearOf(at.slice(0, 10)).label.slice(2));
      expect(await fiscalYear(database, at), at).toBe(twin);
    }
  });

  it('applies a changed file again, and that file only', async () => {
    const folder = copyOfFunctions();
    const file = path.join(folder, 'applications/report_fiscal_year.sql');
    const original = fs.readFileSync(file, 'utf8');
    expect(await migrateDatabase(database, { functionsFolder: folder })).toEqual([]);
    expect(await fiscalYear(database, '2025-09-15T12:00:00Z')).toBe(2025);
    const before = await versions(database);

    // A fiscal year starting in September: a change anyone would see.
    fs.writeFileSync(file, original.replace("interval '3 months'", "interval '4 months'"));
    expect(await migrateDatabase(database, { functionsFolder: folder })).toEqual([
      'applications/report_fiscal_year.sql',
    ]);
    expect(await fiscalYear(database, '2025-09-15T12:00:00Z')).toBe(2026);
    const after = await versions(database);
    expect(Object.keys(after).filter((name) => after[name] !== before[name])).toEqual([
      'function report_fiscal_year',
    ]);
    expect(await migrateDatabase(database, { functionsFolder: folder })).toEqual([]);

    fs.writeFileSync(file, original);
    expect(await migrateDatabase(database, { functionsFolder: folder })).toEqual([
      'applications/report_fiscal_year.sql',
    ]);
    expect(await fiscalYear(database, '2025-09-15T12:00:00Z')).toBe(2025);
    expect(await recorded(database)).toEqual(
      readFunctionFiles().map((f) => ({ name: f.name, sha256: f.sha256 })),
    );
  });

  it('keeps the definition in force when a changed file fails, and says which file', async () => {
    const folder = copyOfFunctions();
    const file = path.join(folder, 'applications/report_fiscal_year.sql');
    const original = fs.readFileSync(file, 'utf8');
    // The function replaced, then a statement that fails: the file is all or nothing.
    fs.writeFileSync(
      file,
      `${original.replace("interval '3 months'", "interval '4 months'")}\nSELECT no_such_function();\n`,
    );
    await expect(migrateDatabase(database, { functionsFolder: folder })).rejects.toThrow(
      /db\/functions\/applications\/report_fiscal_year\.sql failed: .*no_such_function/,
    );
    expect(await fiscalYear(database, '2025-09-15T12:00:00Z')).toBe(2025);
    fs.writeFileSync(file, original);
    expect(await migrateDatabase(database, { functionsFolder: folder })).toEqual([]);
  });
});

describe('instances starting together on one PostgreSQL', () => {
  it('apply each function file once in all', async () => {
    if (!usingPostgres) return; // One process holds an embedded database: it cannot start twice at once.
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
        const applied = await Promise.all(instances.map((d) => migrateDatabase(d)));
        const files = readFunctionFiles().map((f) => f.name);
        // Whichever took the lock first applied them all; the others found them recorded.
        expect(applied.map((a) => a.length).sort((a, b) => a - b)).toEqual([0, 0, files.length]);
        expect(applied.find((a) => a.length > 0)).toEqual(files);
        expect((await recorded(instances[0]!)).map((r) => r.name)).toEqual(files);
      } finally {
        await Promise.all(instances.map((d) => d.close()));
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
