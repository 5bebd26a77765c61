// Builds the real app on this test file's own database, copied from the
// migrated template: PGlite in memory by default, or a fresh PostgreSQL
// database when GB_TEST_DB=postgres (TEST_DATABASE_URL).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, pgliteDb, type Database, type Db } from '../src/db/client';
import { pgliteTemplateFile, postgresTemplateName, withDatabase } from './template';

export const usingPostgres = process.env.GB_TEST_DB === 'postgres';

export async function openTestDatabase(): Promise<Database> {
  if (usingPostgres) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `gb_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName()}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const dump = fs.readFileSync(pgliteTemplateFile());
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return { db: pgliteDb(client), kind: 'pglite', pglite: client, close: () => client.close() };
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dataDir: string;
  close: () => Promise<void>;
};

/** Adds to the app before it is ready: routes that only a test needs. */
export type TestAppSetup = (app: FastifyInstance) => void | Promise<void>;

/** What a test may give the app besides settings: where its log lines go (JSON, one per line). */
export type TestAppOptions = { logStream?: DestinationStream };

/** The real app on a given database, with test settings and its own data dir. */
async function buildTestApp(
  database: Database,
  env: Record<string, string> = {},
  setup?: TestAppSetup,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    OUTBOX_POLL_MS: '60000',
    LOGIN_IP_RATE_LIMIT: '10000',
    ...env,
  });
  const app = await buildApp(config, { database, logStream: options.logStream });
  await setup?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  setup?: TestAppSetup,
  options?: TestAppOptions,
): Promise<TestApp> {
  return buildTestApp(await openTestDatabase(), env, setup, options);
}

/**
 * Two app instances on one fresh PostgreSQL database (GB_TEST_DB=postgres only),
 * as in a deployment with several instances: realtime events cross by LISTEN/NOTIFY.
 */
export async function createTestAppPair(): Promise<{
  a: TestApp;
  b: TestApp;
  close: () => Promise<void>;
}> {
  if (!usingPostgres) throw new Error('createTestAppPair needs GB_TEST_DB=postgres');
  const url = process.env.TEST_DATABASE_URL!;
  const name = `gb_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName()}`);
  await admin.end();
  const build = async () =>
    buildTestApp(await openDatabase({ databaseUrl: withDatabase(url, name) }));
  const a = await build();
  const b = await build();
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
