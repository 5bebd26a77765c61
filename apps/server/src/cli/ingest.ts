// `npm run ingest -- <file.xml | file.xml.gz | file.zip>`
// Streams a Grants.gov XML extract into the configured database (PGlite in
// DATA_DIR, or DATABASE_URL). Progress and rejected records go to stderr; the
// last line on stdout is the JSON summary.
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase } from '../db/client';
import { pgliteDirFor } from '../app';
import { GrantImportError, importGrantsExtract, type ImportSummary } from '../modules/grants/grants.service';
import { ExtractError } from '../modules/grants/grants-xml';

function summaryLine(s: ImportSummary) {
  return JSON.stringify({ read: s.read, inserted: s.inserted, updated: s.updated, unchanged: s.unchanged, rejected: s.rejected });
}

async function main() {
  const files = process.argv.slice(2).filter((a) => a !== '--');
  if (files.length !== 1) {
    throw new Error('Usage: npm run ingest -- <extract.xml | extract.xml.gz | extract.zip>');
  }
  const file = files[0]!;
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config) });
  let started = Date.now();
  let lastReport = 0;
  const progress = (s: ImportSummary, final = false) => {
    const now = Date.now();
    if (!final && now - lastReport < 1000) return;
    lastReport = now;
    const seconds = Math.max((now - started) / 1000, 0.001);
    process.stderr.write(
      `${final ? 'done' : 'progress'}: ${s.read} records read, ${Math.round(s.read / seconds)} records/s ` +
        `(inserted ${s.inserted}, updated ${s.updated}, unchanged ${s.unchanged}, rejected ${s.rejected})\n`,
    );
  };
  try {
    await migrateDatabase(database);
    started = Date.now();
    const summary = await importGrantsExtract(database.db, file, {
      concurrency: database.kind === 'postgres' ? 4 : 1,
      onProgress: (s) => progress(s),
      onRejected: (r) => process.stderr.write(`rejected ${r.id}: ${r.reason}\n`),
    });
    progress(summary, true);
    process.stdout.write(`${summaryLine(summary)}\n`);
  } catch (err) {
    if (err instanceof GrantImportError) {
      process.stderr.write(`ingest stopped: ${err.message}\n`);
      process.stdout.write(`${summaryLine(err.summary)}\n`);
      process.exitCode = 1;
      return;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  const message = err instanceof ExtractError || err instanceof Error ? err.message : String(err);
  process.stderr.write(`ingest failed: ${message}\n`);
  process.exit(1);
});
