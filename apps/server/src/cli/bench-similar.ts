// `npm run bench:similar`: "More like this" (decision 064). On the shipped
// catalogue (PGlite, and PostgreSQL too when DATABASE_URL is set): the judged
// check of cli/similar-quality.ts, then latency of the service for grants
// picked at random with a fixed seed; then the same latency on a large
// catalogue built as `npm run bench:search` builds it (BENCH_GRANTS grants,
// default 100,000; 0 skips it; each recombined grant takes the embedding of
// the record its description comes from, which is all latency needs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, queryRows, type Database, type Db } from '../db/client';
import { loadShippedGrants, shiftDemoGrantDates } from '../seed/grants-seed';
import { similarGrants } from '../modules/grants/grants.service';
import { findSimilarIndexRows } from '../modules/grants/similar-grants.repository';
import { buildSimilarIndex } from '../modules/grants/similar-index';
import { developmentGrid, runQualityCheck } from './similar-quality';

const target = Number(process.env.BENCH_GRANTS ?? 100_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 200);

function percentile(sorted: number[], p: number) {
  return sorted[
    Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

async function indexCost(db: Db) {
  const t0 = performance.now();
  const rows = await findSimilarIndexRows(db);
  const t1 = performance.now();
  buildSimilarIndex(rows);
  console.log(
    `  index: ${rows.length} rows read in ${(t1 - t0).toFixed(0)} ms, built in ${(performance.now() - t1).toFixed(0)} ms`,
  );
}

async function latency(db: Db, label: string) {
  const ids = (
    await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM grants ORDER BY md5(id::text || 'similar') LIMIT ${samples}`,
    )
  ).map((r) => r.id);
  const t0 = performance.now();
  await similarGrants(db, ids[0]!);
  const cold = performance.now() - t0;
  const timings: number[] = [];
  for (const [n, id] of ids.entries()) {
    const t = performance.now();
    await similarGrants(db, id, { includeClosed: n % 4 === 3 });
    timings.push(performance.now() - t);
  }
  timings.sort((a, b) => a - b);
  console.log(
    `${label}: ${timings.length} grants (1 in 4 with includeClosed)  p50 ${percentile(timings, 50).toFixed(1)} ms  p95 ${percentile(timings, 95).toFixed(1)} ms  max ${timings.at(-1)!.toFixed(1)} ms  (first request, loading the index: ${cold.toFixed(0)} ms)`,
  );
}

async function grow(db: Db) {
  const baseCount = (
    await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM grants`)
  )[0]!.n;
  await db.execute(
    sql`CREATE TEMP TABLE bench_base AS SELECT row_number() OVER (ORDER BY id) AS rn, * FROM grants`,
  );
  const missing = target - baseCount;
  for (let from = 1; from <= missing; from += 10_000) {
    const to = Math.min(missing, from + 9_999);
    // As bench-search.ts: title, agency and listings of one real record, description and areas of another.
    await db.execute(sql`
      INSERT INTO grants (source, source_key, opportunity_number, title, agency, agency_code, agency_keys, description,
        program_title, objectives, research_areas, cfda_numbers, post_date, close_date, record_kind, status, embedding)
      SELECT 'bench', 'bench-' || i, a.opportunity_number || '-B' || i, a.title, a.agency, a.agency_code, a.agency_keys,
        coalesce(b.description, a.description), b.program_title, b.objectives,
        CASE WHEN cardinality(b.research_areas) > 0 THEN b.research_areas ELSE a.research_areas END, a.cfda_numbers,
        current_date - ((i * 13) % 400)::int, current_date + (((i * 37) % 1100) - 365)::int,
        CASE WHEN i % 9 = 0 THEN 'forecast' ELSE 'synopsis' END, 'posted', b.embedding
      FROM generate_series(${from}::bigint, ${to}::bigint) AS i
      JOIN bench_base a ON a.rn = 1 + ((i * 7919) % ${baseCount})
      JOIN bench_base b ON b.rn = 1 + ((i * 104729 + 17) % ${baseCount})`);
  }
  return (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM grants`))[0]!.n;
}

async function runOn(label: string, database: Database) {
  console.log(`\n== ${label} ==`);
  const db = database.db;
  const started = Date.now();
  await migrateDatabase(database);
  await loadShippedGrants(db, loadConfig({ NODE_ENV: 'test' }));
  await shiftDemoGrantDates(db);
  const shipped = (
    await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM grants`)
  )[0]!.n;
  console.log(
    `shipped catalogue: ${shipped} grants, dates shifted as the demo does, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  {
    console.log(
      'development set (60 other grants, another seed), same Assistance Listing in the top 5, listing weight 0:',
    );
    for (const r of await developmentGrid(db, new Date().toISOString().slice(0, 10)))
      console.log(`  title ${r.title}  agency ${r.agency}  ${(r.sameListing * 100).toFixed(1)} %`);
  }
  console.log(
    'quality: share of the top 5 funding one of the same Assistance Listings (30 grants, fixed seed):',
  );
  for (const row of await runQualityCheck(db, new Date().toISOString().slice(0, 10)))
    console.log(
      `  ${(row.sameListing * 100).toFixed(0).padStart(3)} %  (same research area ${(row.sameArea * 100).toFixed(0)} %)  ${row.system}${row.heldOut ? '' : '  [not held out]'}`,
    );
  await latency(db, `latency, shipped catalogue (${shipped})`);
  const [example] = await queryRows<{ id: string; title: string }>(
    db,
    sql`SELECT id, title FROM grants WHERE title ILIKE '%coral%' OR title ILIKE '%ocean%' ORDER BY opportunity_number LIMIT 1`,
  );
  if (example) {
    console.log(`example: "${example.title}"`);
    for (const s of await similarGrants(db, example.id, { limit: 5 }))
      console.log(`  ${s.grant.title} — ${s.why}`);
  }
  if (target > shipped) {
    const t = Date.now();
    const total = await grow(db);
    console.log(
      `large catalogue: ${total} grants built in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    await latency(db, `latency, large catalogue (${total})`);
    await indexCost(db);
  }
}

async function main() {
  if (process.env.BENCH_ONLY !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-similar-'));
    const pglite = await openDatabase({ pgliteDir: dir });
    try {
      await runOn('PGlite', pglite);
    } finally {
      await pglite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const url = process.env.BENCH_ONLY === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (!url) {
    console.log('\nDATABASE_URL is not set: the PostgreSQL run was skipped.');
    return;
  }
  const name = `gb_bench_similar_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const server = await openDatabase({ databaseUrl: u.toString() });
  try {
    await runOn(`PostgreSQL (${u.host})`, server);
  } finally {
    await server.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
