// What a start does to the database before serving: migrations, reference
// data, the shipped catalogue, backfills and the demo. Instances started
// together on one PostgreSQL take turns under an advisory lock, so the second
// finds the first one's work done instead of colliding on its keys; on PGlite
// one process holds the data dir anyway. A first start of a fresh PGlite data
// dir is marked finished only at the end (db/client.ts), so one killed midway
// is built again next time.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { migrateDatabase, withStartupLock, type Database } from './db/client';
import { backfillGrantEmbeddings } from './modules/grants/grant-embedding';
import { backfillAgencyKeys } from './modules/grants/import/agency-backfill';
import { backfillSearchStatistics } from './modules/grants/term-stats';
import { loadShippedGrants, shiftDemoGrantDates } from './seed/grants-seed';
import { loadDemoConversations } from './seed/messaging-seed';
import { loadDemoPeopleExtras } from './seed/demo-people';
import { loadDemoData, loadReferenceData } from './seed/seed';
import { loadDemoApplications } from './seed/pipeline-seed';
import { loadDemoHistory } from './seed/history-seed';
import { loadDemoFeed } from './seed/feed-seed';
import { loadDemoNotifications } from './seed/notifications-seed';
import { markCatalogueSeen } from './modules/notifications/grant-alerts';

/** Prepares the database; resolves with whether the demo data was loaded by this start. */
export async function prepareDatabase(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const db = database.db;
  const seededNow = await withStartupLock(database, async () => {
    await migrateDatabase(database);
    await loadReferenceData(db, config);
    const imported = await loadShippedGrants(db, config);
    if (imported) log.info(imported, 'loaded the shipped Grants.gov catalogue');
    // The catalogue as first loaded is not news to anyone's alerts; what later imports change is.
    await markCatalogueSeen(db);
    const embedded = await backfillGrantEmbeddings(db);
    if (embedded) log.info({ embedded }, 'computed word embeddings of stored grants');
    const agencies = await backfillAgencyKeys(db);
    if (agencies) log.info({ agencies }, 'worked out the agencies of stored grants');
    if (await backfillSearchStatistics(db)) log.info('worked out the catalogue\'s search statistics and vocabulary');
    const seeded = config.seedDemo ? await loadDemoData(db, config) : false;
    if (config.seedDemo) {
      await shiftDemoGrantDates(db);
      await loadDemoConversations(db, config);
      await loadDemoPeopleExtras(db, config);
      await loadDemoApplications(db);
      await loadDemoHistory(db);
      await loadDemoFeed(db);
      await loadDemoNotifications(db);
    }
    return seeded;
  });
  database.finishFirstStart?.();
  return seededNow;
}
