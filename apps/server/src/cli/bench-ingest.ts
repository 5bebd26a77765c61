// `npm run bench:ingest [-- --records 100000]`
// Generates a current-format extract by recombining the shipped records,
// imports it into an empty PGlite database (and, when DATABASE_URL is set,
// into a fresh PostgreSQL database beside it), and prints records/s and the
// peak RSS of the importing process. Each import runs in a process of its
// own that only opens the database and imports, as `npm run ingest` does, so
// neither the generator's garbage nor the other database's heap is counted.
// Figures, not a pass/fail test.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { shippedExtractFile } from '../seed/grants-seed';
import { importGrantsExtract, importTuningFor } from '../modules/grants/import/import-extract';
import { readGrantsExtract } from '../modules/grants/import/extract-files';
import type { GrantRecord } from '../modules/grants/import/extract-records';
import { extractFooter, extractHeader, opportunityXml, type Opportunity } from '../modules/grants/import/extract-writer';
import { addIsoDays } from '@grantbridge/contract/days';

function shiftIso(iso: string | null, days: number) {
  if (!iso) return null;
  return addIsoDays(iso, days);
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

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

function rssNow() {
  return process.memoryUsage().rss;
}

/** The kernel's high-water mark of this process's RSS, restarted from now; false where /proc is not writable. */
function restartPeakRss() {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

function peakRssSinceRestart() {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** In the child: migrate, import twice, print the figures. */
async function run(label: string, database: Database, file: string) {
  await migrateDatabase(database);
  const baseRss = rssNow();
  // The kernel's peak catches spikes between samples; the sampler is the fallback.
  const kernelPeak = restartPeakRss();
  let sampledPeak = baseRss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, rssNow());
  }, 100);
  const started = performance.now();
  const tuning = importTuningFor(database.kind);
  const summary = await importGrantsExtract(database.db, file, { ...tuning });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const peakRss = Math.max(sampledPeak, rssNow(), kernelPeak ? peakRssSinceRestart() : 0);
  console.log(
    `${label}: ${summary.read} records in ${seconds.toFixed(1)} s = ${Math.round(summary.read / seconds)} records/s; ` +
      `peak RSS ${mb(peakRss)} (${mb(baseRss)} with the database open before importing); ` +
      `inserted ${summary.inserted}, rejected ${summary.rejected}`,
  );
  const again = performance.now();
  const second = await importGrantsExtract(database.db, file, { ...tuning });
  const s2 = (performance.now() - again) / 1000;
  console.log(`${label}, same file again: ${Math.round(second.read / s2)} records/s; unchanged ${second.unchanged}`);
}

/** In the child: the import into one database. */
async function child(kind: string, file: string, dir: string) {
  if (kind === 'postgres') {
    const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
    try {
      await run('PostgreSQL', database, file);
    } finally {
      await database.close();
    }
    return;
  }
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  try {
    await run('PGlite', database, file);
  } finally {
    await database.close();
  }
}

/** Runs this script again as the importing process; its output goes straight through. */
function importInChild(kind: string, file: string, dir: string, env: NodeJS.ProcessEnv = {}) {
  const script = fileURLToPath(import.meta.url);
  // The heap limit `npm run ingest` sets: without it V8 lets the heap grow far past what the import keeps alive.
  const args = [...process.execArgv, '--max-old-space-size=384', script, '--child', kind, '--file', file, '--dir', dir];
  return new Promise<void>((resolve, reject) => {
    const proc = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    proc.on('error', reject);
    proc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the ${kind} import exited with code ${code}`))));
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      records: { type: 'string', default: '100000' },
      child: { type: 'string' },
      file: { type: 'string' },
      dir: { type: 'string' },
    },
  });
  if (values.child) {
    await child(values.child, values.file!, values.dir!);
    return;
  }
  const count = Number(values.records);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-ingest-'));
  const file = path.join(dir, 'GrantsDBExtractBench.xml');
  try {
    const t = performance.now();
    await generateExtract(file, count);
    console.log(
      `Generated ${count} records (${Math.round(fs.statSync(file).size / 1_048_576)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const url = process.env.DATABASE_URL;
    if (url) {
      const name = `gb_bench_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      try {
        await importInChild('postgres', file, dir, { BENCH_DATABASE_URL: target.toString() });
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
    await importInChild('pglite', file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
