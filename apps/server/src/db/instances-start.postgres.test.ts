// Instances started together on one PostgreSQL all come up: migrations and the
// first start's loading take turns, and the demo is loaded once (startup.ts).
// Only the PostgreSQL run holds this file (vitest.config.ts); one embedded
// database has one process, and first-start.embedded.test.ts covers it.
import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { prepareDatabase } from '../startup';
import { withDatabase } from '../../test/template';
import { openDatabase } from './client';

const silent = { info: () => undefined } as never;

describe('instances started together on one PostgreSQL', () => {
  it('all come up: migrations and first-start loading take turns', async () => {
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'true' });
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
