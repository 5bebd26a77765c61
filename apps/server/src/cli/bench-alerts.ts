// `npm run bench:alerts`: 10,000 saved searches with alerts on (2,000
// researchers, five each, two topics each from a vocabulary of 40, some with an
// amount or agency filter), 2,000 saved grants, on the shipped catalogue; then
// one import of 1,000 records (500 new grants, 500 changed dates and amounts
// of stored ones). Times reading the import's changes, matching them against
// every saved search and follower, and queueing the notices and instant
// e-mails, and prints peak RSS. PGlite, and PostgreSQL too when DATABASE_URL
// is set (a database of its own, dropped afterwards; BENCH_PG_DB keeps it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, queryRows, type Database } from '../db/client';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from '../db/pglite-module';
import { importGrantsExtract } from '../modules/grants/import/import-extract';
import { base, extract, record } from '../modules/grants/import/test-extracts';
import { createInstitution } from '../modules/institutions/institutions.service';
import { sendInstantEmails } from '../modules/notifications/email-jobs';
import { markCatalogueSeen, processGrantChanges } from '../modules/notifications/grant-alerts';
import { createMemoryBus } from '../plugins/realtime-bus';
import { loadShippedGrants } from '../seed/grants-seed';

const people = Number(process.env.BENCH_PEOPLE ?? 2000);
const searchesEach = 5;
const records = Number(process.env.BENCH_RECORDS ?? 1000);
const config = loadConfig({ NODE_ENV: 'test' });
const peakRssMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);

const topics = [
  'watershed', 'climate', 'cancer', 'soil carbon', 'coral reef', 'machine learning', 'vaccine', 'wildfire', 'drought',
  'opioid', 'rural health', 'broadband', 'battery', 'hydrogen', 'fisheries', 'pollinators', 'nutrition', 'literacy',
  'quantum', 'cybersecurity', 'aging', 'dementia', 'maternal health', 'water quality', 'agriculture', 'forest',
  'ocean acidification', 'air pollution', 'earthquake', 'hurricane', 'tuberculosis', 'malaria', 'genomics',
  'neuroscience', 'robotics', 'semiconductor', 'solar energy', 'wind energy', 'public health', 'education research',
];

async function seed(database: Database) {
  const db = database.db;
  await migrateDatabase(database);
  await loadShippedGrants(db, config);
  await markCatalogueSeen(db);
  const institution = await createInstitution(db, { name: 'Bench Alerts University', domains: ['alerts.example.edu'], onboarded: true });
  await db.execute(sql`
    INSERT INTO users (institution_id, email, role, name, setup_complete)
    SELECT ${institution!.id}, 'alerts' || g || '@alerts.example.edu', 'researcher', 'Alert Person ' || g, true
    FROM generate_series(1, ${people}) g`);
  // Five saved searches each, of two topics (both must be said), cadences spread over instant, daily and
  // weekly; one in five with an amount filter.
  const list = sql`${`{${topics.map((t) => `"${t}"`).join(',')}}`}::text[]`;
  await db.execute(sql`
    INSERT INTO saved_searches (user_id, name, query, filters, alert_cadence)
    SELECT u.id, 'Search ' || k,
      (${list})[1 + (abs(hashtext(u.id::text || k)) % ${topics.length})] || ' ' || (${list})[1 + (abs(hashtext(u.id::text || k || 'b')) % ${topics.length})],
      CASE WHEN k = 1 THEN '{"amountMin": "100000"}'::jsonb ELSE '{}'::jsonb END,
      (ARRAY['instant', 'daily', 'weekly'])[1 + (abs(hashtext(u.id::text || k || 'c')) % 3)]
    FROM users u CROSS JOIN generate_series(1, ${searchesEach}) k WHERE u.email LIKE '%@alerts.example.edu'`);
  // A saved grant each, among the grants the import will change.
  const keys = await queryRows<{ id: string; source_key: string; opportunity_number: string }>(
    db,
    // Already posted, as most grants an extract changes are: a change of dates or amounts, not a new opening.
    sql`SELECT id, source_key, opportunity_number FROM grants WHERE source_key NOT LIKE 'number:%' AND status = 'posted'
      ORDER BY source_key LIMIT ${records / 2}`,
  );
  await db.execute(sql`
    INSERT INTO saved_grants (user_id, grant_id)
    SELECT u.id, (SELECT id FROM grants ORDER BY source_key OFFSET (abs(hashtext(u.id::text)) % ${keys.length}) LIMIT 1)
    FROM users u WHERE u.email LIKE '%@alerts.example.edu' ON CONFLICT DO NOTHING`);
  return keys.map((k) => ({ key: k.source_key, number: k.opportunity_number }));
}

function buildExtract(changedKeys: { key: string; number: string }[]) {
  const fresh = Array.from({ length: records - changedKeys.length }, (_, i) =>
    record(
      base(String(9_000_000 + i), {
        OpportunityTitle: `${topics[i % topics.length]} research program ${i}`,
        Description: `Research on ${topics[i % topics.length]} and ${topics[(i * 7) % topics.length]}.`,
        CloseDate: '12312030',
        AwardCeiling: String(50_000 + (i % 20) * 25_000),
      }),
    ),
  );
  // A changed record: a later update with a new closing date and ceiling (LastUpdatedDate wins).
  const changed = changedKeys.map(({ key, number }, i) =>
    record(base(key, { OpportunityNumber: number, CloseDate: '06302031', LastUpdatedDate: '11202026', AwardCeiling: String(300_000 + i) })),
  );
  return extract(...fresh, ...changed);
}

type Target = { pgliteDir?: string; pgliteSharedBuffers?: string; databaseUrl?: string };

/** In a process of its own (BENCH_ALERTS_SEED): loads the catalogue, people and searches, and writes the extract. */
async function seedOnly(target: Target, file: string) {
  const database = await openDatabase(target);
  try {
    const t0 = performance.now();
    const changedKeys = await seed(database);
    fs.writeFileSync(file, buildExtract(changedKeys));
    console.log(`seeded ${people} people, ${people * searchesEach} saved searches with alerts, saved grants, in ${((performance.now() - t0) / 1000).toFixed(1)} s (a process of its own, peak ${peakRssMb()} MB)`);
  } finally {
    await database.close();
  }
}

/**
 * Seeds in a child process, then opens the database here as `npm run ingest`
 * does, imports the extract and matches: this process's peak RSS is the
 * import's and the matching's, not the bench's own seeding.
 */
async function run(label: string, target: Target) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-alerts-'));
  const file = path.join(dir, 'extract.xml');
  console.log(`\n== ${label}`);
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_ALERTS_SEED: JSON.stringify({ target, file }) },
    stdio: 'inherit',
  });
  if (child.status !== 0) throw new Error(`seeding failed (${child.status ?? child.signal})`);
  const database = await openDatabase(target);
  try {
    await measure(database, file);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(database: Database, file: string) {
  const opened = process.memoryUsage().rss;
  const summary = await importGrantsExtract(database.db, file, { today: '2026-11-25' });
  console.log(`import: ${JSON.stringify(summary)} (RSS ${(opened / 1048576).toFixed(0)} MB on opening the database, ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB after the import, peak so far ${peakRssMb()} MB)`);
  const bus = createMemoryBus();
  // RSS sampled while matching (the process's peak also holds the seeding before it).
  const rssBefore = process.memoryUsage().rss;
  let peakDuring = rssBefore;
  const sampler = setInterval(() => (peakDuring = Math.max(peakDuring, process.memoryUsage().rss)), 50);
  const t1 = performance.now();
  const { read, told } = await processGrantChanges(database.db, bus);
  const matched = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  const emails = await sendInstantEmails(database.db, config);
  const mailed = (performance.now() - t2) / 1000;
  clearInterval(sampler);
  const [byKind] = await queryRows<{ matches: number; changes: number }>(
    database.db,
    sql`SELECT count(*) FILTER (WHERE kind = 'saved_search.match')::int AS matches, count(*) FILTER (WHERE kind = 'saved_grant.changed')::int AS changes FROM notifications`,
  );
  console.log(`changes read: ${read}; notices stored: ${told} (${byKind!.matches} matches, ${byKind!.changes} "what changed")`);
  console.log(`match and queue notices: ${matched.toFixed(2)} s; queue ${emails} instant e-mails: ${mailed.toFixed(2)} s; total ${(matched + mailed).toFixed(2)} s; RSS at most ${(peakDuring / 1048576).toFixed(0)} MB while matching and queueing, ${((peakDuring - rssBefore) / 1048576).toFixed(0)} MB over the ${(rssBefore / 1048576).toFixed(0)} MB before it; process peak ${peakRssMb()} MB (opening, import, matching, e-mails)`);
}

async function main() {
  if (process.env.BENCH_ONLY !== 'postgres') {
    const buffers = process.env.PGLITE_SHARED_BUFFERS ?? DEFAULT_PGLITE_SHARED_BUFFERS;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-alerts-db-'));
    try {
      await run(`PGlite (shared_buffers ${buffers})`, { pgliteDir: dir, pgliteSharedBuffers: buffers });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const url = process.env.BENCH_ONLY === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (!url) {
    console.log('\nDATABASE_URL is not set: the PostgreSQL run was skipped.');
    return;
  }
  const name = process.env.BENCH_PG_DB ?? `gb_bench_alerts_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  try {
    await run(`PostgreSQL (${u.host})`, { databaseUrl: u.toString() });
  } finally {
    if (!process.env.BENCH_PG_DB) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const seedJob = process.env.BENCH_ALERTS_SEED ? (JSON.parse(process.env.BENCH_ALERTS_SEED) as { target: Target; file: string }) : undefined;
(seedJob ? seedOnly(seedJob.target, seedJob.file) : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
