// `npm run bench:ingest [-- --records 100000]`
// Generates a current-format extract by recombining the shipped records,
// imports it into an empty PGlite database (and, when DATABASE_URL is set,
// into a fresh PostgreSQL database beside it), and prints records/s and the
// peak RSS seen while importing. Figures, not a pass/fail test.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { shippedExtractFile } from '../db/seed/grants-seed';
import { importGrantsExtract } from '../modules/grants/grants.service';
import { readGrantsExtract, type GrantRecord } from '../modules/grants/grants-xml';
import { extractFooter, extractHeader, opportunityXml, type Opportunity } from '../modules/grants/grants-xml-writer';

function shiftIso(iso: string | null, days: number) {
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Record i of the synthetic catalogue: fields of three shipped records mixed, with a unique id and number. */
function recombine(base: GrantRecord[], i: number): Opportunity {
  const a = base[i % base.length]!;
  const b = base[(i * 7 + 3) % base.length]!;
  const c = base[(i * 13 + 5) % base.length]!;
  const days = (i % 365) - 180;
  return {
    id: String(5_000_000 + i),
    opportunityNumber: `${a.opportunityNumber || 'GEN'}-B${i}`,
    title: i % 2 ? `${a.title}: ${b.title}`.slice(0, 250) : a.title,
    agency: a.agency ?? b.agency,
    agencyCode: a.agencyCode ?? b.agencyCode,
    status: a.recordKind === 'forecast' ? 'forecasted' : 'posted',
    postDate: shiftIso(a.postDate, days),
    closeDate: shiftIso(a.closeDate, days),
    archiveDate: shiftIso(a.archiveDate, days),
    awardCeiling: a.awardCeiling ?? b.awardCeiling,
    awardFloor: a.awardFloor,
    totalFunding: a.totalFunding ?? c.totalFunding,
    expectedAwards: a.expectedAwards,
    costSharing: a.costSharing,
    eligibilityCodes: a.eligibilityCodes.length ? a.eligibilityCodes : c.eligibilityCodes,
    categoryCodes: a.categoryCodes.length ? a.categoryCodes : b.categoryCodes,
    instrumentCodes: a.instrumentCodes,
    cfdaNumbers: a.cfdaNumbers,
    description: a.description ?? b.description ?? c.description,
    eligibilityText: a.eligibilityText ?? c.eligibilityText,
    url: a.url,
  };
}

async function generateExtract(file: string, count: number) {
  const base: GrantRecord[] = [];
  for await (const item of readGrantsExtract(shippedExtractFile(loadConfig()))) if (item.ok) base.push(item.record);
  const out = fs.createWriteStream(file);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(extractHeader);
  const none = new Map();
  for (let i = 0; i < count; i++) await write(opportunityXml(recombine(base, i), none));
  await new Promise<void>((resolve) => out.end(extractFooter, () => resolve()));
}

async function run(label: string, database: Database, file: string) {
  await migrateDatabase(database);
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  const started = performance.now();
  const concurrency = database.kind === 'postgres' ? 4 : 1;
  const summary = await importGrantsExtract(database.db, file, { concurrency });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const mb = (n: number) => `${Math.round(n / 1_048_576)} MB`;
  console.log(
    `${label}: ${summary.read} records in ${seconds.toFixed(1)} s = ${Math.round(summary.read / seconds)} records/s; ` +
      `peak RSS ${mb(peakRss)} (${mb(baseRss)} with the database open before importing); ` +
      `inserted ${summary.inserted}, rejected ${summary.rejected}`,
  );
  const again = performance.now();
  const second = await importGrantsExtract(database.db, file, { concurrency });
  const s2 = (performance.now() - again) / 1000;
  console.log(`${label}, same file again: ${Math.round(second.read / s2)} records/s; unchanged ${second.unchanged}`);
}

async function main() {
  const { values } = parseArgs({ options: { records: { type: 'string', default: '100000' } } });
  const count = Number(values.records);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-ingest-'));
  const file = path.join(dir, 'GrantsDBExtractBench.xml');
  try {
    const t = performance.now();
    await generateExtract(file, count);
    console.log(
      `Generated ${count} records (${Math.round(fs.statSync(file).size / 1_048_576)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    // PostgreSQL first: PGlite's WebAssembly heap (about 300 MB) stays in the process once opened.
    const url = process.env.DATABASE_URL;
    if (url) {
      const name = `gb_bench_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const server = await openDatabase({ databaseUrl: target.toString() });
      try {
        await run('PostgreSQL', server, file);
      } finally {
        await server.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
    const lite = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    try {
      await run('PGlite', lite, file);
    } finally {
      await lite.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
