// `npm run ingest -- <file.xml | file.xml.gz | file.zip>`
// Streams a Grants.gov XML extract into the configured database (PGlite in
// DATA_DIR, or DATABASE_URL). Progress and rejected records go to stderr; the
// last line on stdout is the JSON summary, whether the import finished or not.
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { pgliteDirFor } from '../app';
import { GrantImportError, importGrantsExtract, importTuningFor, type ImportSummary } from '../modules/grants/import/import-extract';
import { sendImportAlerts } from './import-alerts';

function summaryLine(s: ImportSummary) {
  return JSON.stringify({ read: s.read, inserted: s.inserted, updated: s.updated, unchanged: s.unchanged, rejected: s.rejected });
}

function records(n: number) {
  return `${n} record${n === 1 ? '' : 's'}`;
}

async function main() {
  const files = process.argv.slice(2).filter((a) => a !== '--');
  if (files.length !== 1) {
    process.stderr.write('Usage: npm run ingest -- <extract.xml | extract.xml.gz | extract.zip>\n');
    process.exitCode = 2;
    return;
  }
  const file = files[0]!;
  let summary: ImportSummary = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  let database: Database | null = null;
  let started = Date.now();
  let lastReport = 0;
  const progress = (s: ImportSummary, final = false) => {
    const now = Date.now();
    if (!final && now - lastReport < 1000) return;
    lastReport = now;
    const seconds = Math.max((now - started) / 1000, 0.001);
    process.stderr.write(
      `${final ? 'done' : 'progress'}: ${records(s.read)} read, ${Math.round(s.read / seconds)} records/s ` +
        `(inserted ${s.inserted}, updated ${s.updated}, unchanged ${s.unchanged}, rejected ${s.rejected})\n`,
    );
  };
  try {
    const config = loadConfig();
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config), pgliteSharedBuffers: config.pgliteSharedBuffers, markFirstStart: true });
    await migrateDatabase(database);
    // A migrated database is whole: a kill from here on leaves nothing half-made to rebuild.
    database.finishFirstStart?.();
    started = Date.now();
    summary = await importGrantsExtract(database.db, file, {
      ...importTuningFor(database.kind),
      onProgress: (s) => progress(s),
      onRejected: (r) => process.stderr.write(`rejected ${r.id}: ${r.reason}\n`),
    });
    progress(summary, true);
    // Alerts for what this import changed, now; a server beside it (or its next start) would otherwise do it.
    if (summary.inserted + summary.updated > 0) await sendImportAlerts(database);
  } catch (err) {
    if (err instanceof GrantImportError) {
      summary = err.summary;
      process.stderr.write(`ingest stopped: ${err.message}\n`);
    } else {
      process.stderr.write(`ingest failed: ${err instanceof Error ? err.message : String(err)}\n`);
    }
    process.exitCode = 1;
  } finally {
    await database?.close().catch(() => undefined);
  }
  process.stdout.write(`${summaryLine(summary)}\n`);
}

void main();
