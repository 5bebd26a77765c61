// Scheduled work on pg-boss (docs/decisions/035-notifications-and-jobs.md):
// its jobs live in our own database (the PGlite file, or PostgreSQL shared by
// every instance), so a cron slot makes one job whichever instances are up,
// one instance works it (SKIP LOCKED), and a job missed while every server
// was down is made up at the next start. pg-boss speaks to PGlite through a
// small adapter (below) and to PostgreSQL through our pool.
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { withStartupLock, type Database } from '../db/client';

export type ScheduledJob = {
  name: string;
  /** Five-field cron, in UTC unless `tz` names another zone. */
  cron: string;
  /** The IANA time zone the cron is read in (pg-boss's `tz`). */
  tz?: string;
  /**
   * For work that may run long: how long a run may take before pg-boss counts
   * it lost (default 15 minutes) and hands it to another instance, and how
   * often a failed run is repeated (default 2).
   */
  queue?: { expireInSeconds?: number; retryLimit?: number };
  run: () => Promise<unknown>;
  /** Made up at start when a run was missed (default); false waits for the next slot. */
  catchUpAtStart?: boolean;
};

export type Scheduler = {
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/** pg-boss's database interface over PGlite: parameterised statements via query(), scripts via exec(). */
function pgliteAdapter(database: Database) {
  const pglite = database.pglite!;
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      if (values?.length) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return { rows: results.flatMap((r) => r.rows ?? []) };
    },
  };
}

export function createScheduler(database: Database, log: FastifyBaseLogger, jobs: ScheduledJob[]): Scheduler {
  let boss: PgBoss | null = null;
  return {
    async start() {
      const db =
        database.kind === 'pglite'
          ? pgliteAdapter(database)
          : { executeSql: (text: string, values?: unknown[]) => database.pool!.query(text, values as unknown[]) };
      boss = new PgBoss({ db, schema: 'pgboss', archiveCompletedAfterSeconds: 24 * 3600, deleteAfterDays: 7 });
      boss.on('error', (err) => log.error({ err }, 'scheduler error'));
      const started = boss;
      // Instances starting together on one PostgreSQL would deadlock in pg-boss's
      // own set-up (its schema, queues, schedules): they take turns, as at migrations.
      await withStartupLock(database, async () => {
        await started.start();
        for (const job of jobs) {
          await started.createQueue(job.name, { name: job.name, policy: 'singleton', ...job.queue });
          // An existing queue keeps its options unless told (createQueue leaves it as it was).
          if (job.queue) await started.updateQueue(job.name, { name: job.name, policy: 'singleton', ...job.queue });
          await started.schedule(job.name, job.cron, {}, job.tz ? { tz: job.tz } : {});
        }
      });
      for (const job of jobs) {
        await boss.work(job.name, { pollingIntervalSeconds: 2 }, async () => {
          await job.run();
        });
        // Whatever came due while no server ran is done now (the work itself never repeats an effect).
        if (job.catchUpAtStart !== false) await boss.send(job.name, {}, { singletonKey: 'start', singletonSeconds: 60 });
      }
      log.info({ jobs: jobs.map((j) => `${j.name} (${j.cron}${j.tz ? ` ${j.tz}` : ''})`) }, 'scheduler started');
    },
    async stop() {
      if (!boss) return;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      boss = null;
    },
  };
}
