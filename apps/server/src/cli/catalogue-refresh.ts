// `npm run catalogue:refresh`: the scheduled refresh of the grant catalogue,
// now (decision 056): downloads the newest Grants.gov daily extract from
// GRANTS_GOV_EXTRACT_URL (Grants.gov's own address when unset), imports it as
// `npm run ingest` does, and records the run for the admin dashboard. Stop a
// PGlite server first (the embedded database belongs to one process at a time).
// The last line on stdout is the JSON summary; the exit code is 1 when it failed.
import { grantsGovExtractUrl, loadConfig } from '../config';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { pgliteDirFor } from '../app';
import { refreshCatalogue } from '../modules/catalogue/catalogue.service';
import { importTuningFor } from '../modules/grants/grants.service';
import { sendImportAlerts } from './import-alerts';

const stderrLog = {
  info: (details: object, message: string) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
  warn: (details: object, message: string) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
};

async function main() {
  let database: Database | null = null;
  try {
    const config = loadConfig();
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config), pgliteSharedBuffers: config.pgliteSharedBuffers, markFirstStart: true });
    await migrateDatabase(database);
    database.finishFirstStart?.();
    const opened = database;
    const result = await refreshCatalogue({
      db: opened.db,
      dataDir: config.dataDir,
      url: config.catalogueExtractUrl ?? grantsGovExtractUrl,
      trigger: 'command',
      tuning: importTuningFor(opened.kind),
      log: stderrLog,
      onCatalogueChanged: () => sendImportAlerts(opened),
    });
    process.stdout.write(`${JSON.stringify({ status: result.status, file: result.fileName, ...result.counts, durationMs: Math.round(result.durationMs), error: result.error })}\n`);
    if (result.status !== 'ok') process.exitCode = 1;
  } catch (err) {
    process.stderr.write(`catalogue refresh failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  } finally {
    await database?.close().catch(() => undefined);
  }
}

void main();
