// What a start does to the database before serving: migrations, reference
// data, the shipped catalogue, backfills and the demo. Instances started
// together on one PostgreSQL take turns under an advisory lock, so the second
// finds the first one's work done instead of colliding on its keys; on PGlite
// one process holds the data dir anyway. A first start of a fresh PGlite data
// dir is marked finished only at the end (db/client.ts), so one killed midway
// is built again next time.
//
// Each stage that does work says so in one line with its counts and time, so
// a first start (several seconds on PGlite) is never silent; a warm start
// finds everything in place and says so in one line.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { migrateDatabase, queryRows, withStartupLock, type Database, type Db } from './db/client';
import { backfillGrantEmbeddings } from './modules/grants/grant-embedding';
import { backfillAgencyKeys, markAgencyKeysCurrent } from './modules/grants/import/agency-backfill';
import { backfillSearchStatistics } from './modules/grants/term-stats';
import { loadShippedGrants, shiftDemoGrantDates } from './seed/grants-seed';
import { restoreSearchIndexes } from './modules/grants/import/search-indexes.repository';
import { loadDemoConversations } from './seed/messaging-seed';
import { loadDemoPeopleExtras } from './seed/demo-people';
import { loadDemoData, loadReferenceData } from './seed/seed';
import { loadDemoApplications } from './seed/pipeline-seed';
import { loadDemoSponsorCap } from './seed/sponsor-cap-seed';
import { loadDemoNewsletters } from './seed/newsletters-seed';
import { loadDemoCurrentPending } from './seed/current-pending-seed';
import { loadDemoLimitedSubmissions } from './seed/limited-submissions-seed';
import { loadDemoHistory } from './seed/history-seed';
import { loadDemoFeed } from './seed/feed-seed';
import { loadDemoNotifications } from './seed/notifications-seed';
import { markCatalogueSeen } from './modules/notifications/grant-alerts';

const count = (n: number) => n.toLocaleString('en-US');
const since = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/** Drizzle migrations recorded as applied (0 on an empty database). */
async function appliedMigrations(db: Db): Promise<number> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!table?.present) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return row?.n ?? 0;
}

/** What the demo put in the database, for its progress line. */
async function demoCounts(db: Db) {
  const [row] = await queryRows<
    Record<'people' | 'applications' | 'conversations' | 'posts' | 'notifications', number>
  >(
    db,
    sql`SELECT (SELECT count(*) FROM users)::int AS people,
      (SELECT count(*) FROM applications)::int AS applications,
      (SELECT count(*) FROM conversations)::int AS conversations,
      (SELECT count(*) FROM posts)::int AS posts,
      (SELECT count(*) FROM notifications)::int AS notifications`,
  );
  return row!;
}

/** Prepares the database; resolves with whether the demo data was loaded by this start. */
export async function prepareDatabase(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const db = database.db;
  const began = performance.now();
  let worked = false;
  /** Runs one stage and logs the line `done` words from its result, unless null (the stage had nothing to do). */
  const stage = async <T>(
    work: () => Promise<T>,
    done: (result: T, took: string) => string | null,
  ): Promise<T> => {
    const started = performance.now();
    const result = await work();
    const line = done(result, since(started));
    if (line) {
      worked = true;
      log.info(line);
    }
    return result;
  };
  const seededNow = await withStartupLock(database, async () => {
    const before = await appliedMigrations(db);
    if (before === 0) {
      log.info(
        'database: empty, so this start sets it up: migrations, reference data, the Grants.gov catalogue' +
          (config.seedDemo ? ', the demo' : ''),
      );
    }
    await stage(
      async () => {
        const functions = await migrateDatabase(database);
        return { migrations: (await appliedMigrations(db)) - before, functions: functions.length };
      },
      ({ migrations, functions }, took) =>
        migrations || functions
          ? `database: ${count(migrations)} migrations and ${count(functions)} function files applied in ${took}`
          : null,
    );
    await stage(
      () => loadReferenceData(db, config),
      ({ institutions }, took) =>
        institutions
          ? `reference data: ${count(institutions)} institutions loaded in ${took}`
          : null,
    );
    await stage(
      () => loadShippedGrants(db, config),
      (imported, took) =>
        imported
          ? `catalogue: ${count(imported.read)} grants read, ${count(imported.inserted)} added, ` +
            `${count(imported.updated)} updated, ${count(imported.rejected)} rejected in ${took}`
          : null,
    );
    // Into an empty database, the import worked every grant's agencies out by the current rules.
    if (before === 0) await markAgencyKeysCurrent(db);
    // The catalogue as first loaded is not news to anyone's alerts; what later imports change is.
    await markCatalogueSeen(db);
    await stage(
      () => restoreSearchIndexes(db),
      (built, took) => (built ? `catalogue: ${count(built)} search indexes a stopped first load left out built in ${took}` : null),
    );
    await stage(
      () => backfillGrantEmbeddings(db),
      (embedded, took) =>
        embedded
          ? `catalogue: word embeddings of ${count(embedded)} grants computed in ${took}`
          : null,
    );
    await stage(
      () => backfillAgencyKeys(db),
      (agencies, took) =>
        agencies ? `catalogue: agencies of ${count(agencies)} grants worked out in ${took}` : null,
    );
    await stage(
      () => backfillSearchStatistics(db),
      (built, took) =>
        built ? `search: statistics and vocabulary of the catalogue built in ${took}` : null,
    );
    if (!config.seedDemo) return false;
    const demoStarted = performance.now();
    const seeded = await loadDemoData(db, config);
    const years = await shiftDemoGrantDates(db);
    // In this order: each one needs what the ones before loaded.
    const loaded = [
      seeded,
      await loadDemoConversations(db, config),
      await loadDemoPeopleExtras(db, config),
      await loadDemoApplications(db),
      await loadDemoHistory(db),
      await loadDemoFeed(db),
      await loadDemoNotifications(db),
      await loadDemoSponsorCap(db),
      await loadDemoNewsletters(db, config),
      await loadDemoCurrentPending(db),
      await loadDemoLimitedSubmissions(db),
    ].some(Boolean);
    if (loaded || years !== null) {
      worked = true;
      const demo = loaded ? await demoCounts(db) : null;
      log.info(
        'demo: ' +
          [
            demo &&
              `${count(demo.people)} people, ${count(demo.applications)} applications, ` +
                `${count(demo.conversations)} conversations, ${count(demo.posts)} posts, ` +
                `${count(demo.notifications)} notifications`,
            years ? `grant dates moved ${years} years forward` : null,
          ]
            .filter(Boolean)
            .join('; ') +
          ` in ${since(demoStarted)}`,
      );
    }
    return seeded;
  });
  database.finishFirstStart?.();
  log.info(
    worked
      ? `database: ready in ${since(began)}`
      : `database: up to date, checked in ${since(began)}`,
  );
  return seededNow;
}
