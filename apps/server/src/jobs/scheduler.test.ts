// Instances started at once on one PostgreSQL each set up pg-boss (its schema,
// queues and schedules): they must all come up, ten times over, on a database
// that has never seen pg-boss. On PGlite one process holds the data dir, so the
// embedded case is one scheduler starting on a fresh database and again.
import crypto from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { openTestDatabase, usingPostgres } from '../../test/test-app';
import { withDatabase } from '../../test/template';
import { createScheduler, type ScheduledJob } from './scheduler';

const log = pino({ level: 'silent' });
/** Our queues, without pg-boss's own. */
const ours = (rows: { name: string }[]) => rows.map((r) => r.name).filter((n) => !n.startsWith('__pgboss'));
const jobs = (ran: string[]): ScheduledJob[] =>
  ['alerts', 'digests', 'reminders', 'cleanup', 'catalogue', 'activity'].map((name) => ({
    name: `test-${name}`,
    cron: '0 3 * * *',
    run: async () => void ran.push(name),
    catchUpAtStart: false,
  }));

async function emptyPostgresDatabase() {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `gb_sched_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

describe('starting the scheduler', () => {
  it('brings up four instances started at once on an empty PostgreSQL database, ten times', async () => {
    if (!usingPostgres) {
      // One process per data dir: a fresh embedded database, started, stopped and started again.
      const database = await openTestDatabase();
      try {
        for (let i = 0; i < 2; i++) {
          const scheduler = createScheduler(database, log, jobs([]));
          await scheduler.start();
          await scheduler.stop();
        }
        const { rows } = await database.pglite!.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
        expect(ours(rows)).toEqual(jobs([]).map((j) => j.name).sort());
      } finally {
        await database.close();
      }
      return;
    }
    const failures: string[] = [];
    for (let round = 0; round < 10; round++) {
      const target = await emptyPostgresDatabase();
      const databases: Database[] = [];
      const schedulers: ReturnType<typeof createScheduler>[] = [];
      try {
        for (let i = 0; i < 4; i++) databases.push(await openDatabase({ databaseUrl: target.url }));
        const started = await Promise.allSettled(
          databases.map(async (database) => {
            const scheduler = createScheduler(database, log, jobs([]));
            schedulers.push(scheduler);
            await scheduler.start();
          }),
        );
        for (const s of started) if (s.status === 'rejected') failures.push(`round ${round}: ${String(s.reason)}`);
        if (started.some((s) => s.status === 'rejected')) continue;
        const { rows } = await databases[0]!.pool!.query<{ name: string }>(
          'SELECT name FROM pgboss.queue ORDER BY name',
        );
        expect(ours(rows)).toEqual(jobs([]).map((j) => j.name).sort());
        const schedules = await databases[0]!.pool!.query('SELECT name FROM pgboss.schedule');
        expect(schedules.rowCount).toBe(jobs([]).length);
      } finally {
        await Promise.all(schedulers.map((s) => s.stop().catch(() => undefined)));
        await Promise.all(databases.map((d) => d.close()));
        await target.drop();
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});

describe('a job in a time zone, that may run long', () => {
  it('is scheduled in its zone, neither handed on after 15 minutes nor repeated, and keeps this when started again', async () => {
    const database = await openTestDatabase();
    const query = async <T,>(text: string) =>
      database.kind === 'pglite' ? (await database.pglite!.query<T>(text)).rows : (await database.pool!.query(text)).rows as T[];
    const job = (queue: ScheduledJob['queue']): ScheduledJob[] => [
      { name: 'test-refresh', cron: '0 6 * * *', tz: 'America/New_York', queue, catchUpAtStart: false, run: async () => undefined },
    ];
    try {
      for (const queue of [undefined, { expireInSeconds: 3 * 3600, retryLimit: 0 }]) {
        const scheduler = createScheduler(database, log, job(queue));
        await scheduler.start();
        await scheduler.stop();
      }
      expect(await query('SELECT cron, timezone FROM pgboss.schedule')).toEqual([{ cron: '0 6 * * *', timezone: 'America/New_York' }]);
      expect(await query(`SELECT expire_seconds, retry_limit FROM pgboss.queue WHERE name = 'test-refresh'`)).toEqual([
        { expire_seconds: 10800, retry_limit: 0 },
      ]);
    } finally {
      await database.close();
    }
  });
});
