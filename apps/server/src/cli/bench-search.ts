// `npm run bench:search`: builds a 100,000-grant catalogue by recombining the
// shipped real records (PGlite, and PostgreSQL too when DATABASE_URL is set),
// runs a fixed mix of realistic queries through the search service and prints
// latency percentiles and the most expensive query.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, queryRows, type Database } from '../db/client';
import { loadShippedGrants } from '../seed/grants-seed';
import { refreshSearchVocabulary, refreshTermStats } from '../modules/grants/term-stats';
import { parseQuery } from '../modules/search/query-parser';
import { searchGrants, type SearchInput } from '../modules/search/search.service';

const target = Number(process.env.BENCH_GRANTS ?? 100_000);
const repeats = Number(process.env.BENCH_REPEATS ?? 5);
const today = new Date();

const profileA = ['Carbon Cycling', 'Forest Ecology', 'Climate Change'];
const profileB = ['Public Health', 'Epidemiology', 'Health Services'];

type Case = { label: string; input: Omit<SearchInput, 'page' | 'pageSize'> & { page?: number } };

function fromText(label: string, text: string, extra: Partial<SearchInput> = {}): Case {
  const p = parseQuery(text, today);
  return {
    label,
    input: {
      keywordGroups: p.keywords.length ? [p.keywords] : [],
      amountMin: p.amountMin,
      amountMax: p.amountMax,
      dueFrom: p.dueFrom,
      dueTo: p.dueTo,
      agency: p.agency,
      statuses: ['forecasted', 'posted'],
      sort: 'match',
      profileAreas: null,
      now: today,
      ...extra,
    },
  };
}

const texts = [
  'climate change adaptation',
  'soil carbon forests',
  'cancer immunotherapy',
  'NIH cancer research over 1m',
  'NSF computer science education',
  'machine learning',
  'rural health care access',
  'opioid addiction treatment',
  'water quality watershed',
  'renewable energy storage',
  'wildlife habitat conservation',
  'HIV prevention Africa',
  'STEM education for underrepresented students',
  'substance abuse prevention youth',
  'biomedical research training',
  'environmental justice communities',
  'coastal resilience',
  'infectious disease surveillance',
  'agriculture food security',
  'museum library services',
  'humanities digital archives',
  'cybersecurity workforce',
  'quantum computing',
  'maternal child health',
  'veterans mental health',
  'housing homelessness',
  'small business innovation research',
  'graduate fellowships',
  'nutrition obesity prevention',
  'wildfire management',
  'ocean acidification',
  'public health emergency preparedness',
  'tribal communities health',
  'arts education',
  'transportation safety',
  'DOE energy efficiency under 500k',
  'NASA space science',
  'USDA rural development',
  'EPA air pollution',
  'grants over 2 million',
  'grants under 100k',
  'closing in 30 days',
  'due before June 2027',
  'between 100k and 1m health',
  'research',
  'international development democracy',
  'alzheimer disease aging',
  'genomics sequencing',
  'clean water sanitation',
  'workforce training apprenticeship',
];

function cases(): Case[] {
  const list = texts.map((t, i) => fromText(`q${i + 1}: ${t}`, t));
  list.push(fromText('sort amount-desc: health', 'health', { sort: 'amount-desc' }));
  list.push(fromText('sort due-date-asc: education', 'education', { sort: 'due-date-asc' }));
  list.push(fromText('sort due-date-desc: energy', 'energy', { sort: 'due-date-desc' }));
  list.push(fromText('sort amount-asc (no keywords)', '', { sort: 'amount-asc' }));
  list.push(
    fromText('all statuses: climate', 'climate', {
      statuses: ['forecasted', 'posted', 'closed', 'archived'],
    }),
  );
  list.push(fromText('profile only A', 'my profile', { profileAreas: profileA }));
  list.push(fromText('profile only B', 'match profile', { profileAreas: profileB }));
  list.push(fromText('profile + keywords', 'drought', { profileAreas: profileA }));
  list.push(fromText('page 5: health', 'health', { page: 5 }));
  list.push(fromText('agency filter only: NIH', 'NIH'));
  return list;
}

async function buildCatalogue(database: Database) {
  const config = loadConfig({ NODE_ENV: 'test' });
  const started = Date.now();
  await migrateDatabase(database);
  await loadShippedGrants(database.db, config);
  const baseCount = (
    await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM grants`)
  )[0]!.n;
  await database.db.execute(
    sql`CREATE TEMP TABLE bench_base AS SELECT row_number() OVER (ORDER BY id) AS rn, * FROM grants`,
  );
  const missing = target - baseCount;
  const chunk = 10_000;
  for (let from = 1; from <= missing; from += chunk) {
    const to = Math.min(missing, from + chunk - 1);
    // Each synthetic grant takes its title, agency and amounts from one real
    // record and its description and areas from another; dates are spread
    // from a year ago to two years ahead.
    await database.db.execute(sql`
      INSERT INTO grants (source, source_key, source_id, opportunity_number, title, agency, agency_code, agency_keys, description,
        program_title, objectives, research_areas, cfda_numbers, eligibility_codes, category_codes, instrument_codes,
        post_date, close_date, award_ceiling, award_floor, total_funding, expected_awards, cost_sharing, record_kind, status)
      SELECT 'bench', 'bench-' || i, NULL, a.opportunity_number || '-B' || i, a.title, a.agency, a.agency_code, a.agency_keys,
        coalesce(b.description, a.description), b.program_title, b.objectives,
        CASE WHEN cardinality(b.research_areas) > 0 THEN b.research_areas ELSE a.research_areas END,
        a.cfda_numbers, a.eligibility_codes, a.category_codes, a.instrument_codes,
        current_date - ((i * 13) % 400)::int, current_date + (((i * 37) % 1100) - 365)::int,
        a.award_ceiling, a.award_floor, a.total_funding, a.expected_awards, a.cost_sharing,
        CASE WHEN i % 9 = 0 THEN 'forecast' ELSE 'synopsis' END, 'posted'
      FROM generate_series(${from}::bigint, ${to}::bigint) AS i
      JOIN bench_base a ON a.rn = 1 + ((i * 7919) % ${baseCount})
      JOIN bench_base b ON b.rn = 1 + ((i * 104729 + 17) % ${baseCount})`);
  }
  // A steady state, as autovacuum would leave it on a server (and as the importer leaves PGlite): statistics
  // fresh and the GIN indexes' pending lists merged.
  await database.db.execute(sql`VACUUM ANALYZE grants`);
  // As the importer does after an import: the rarity of each word in the whole catalogue, and its mined vocabulary.
  await refreshTermStats(database.db);
  await refreshSearchVocabulary(database.db);
  const total = (
    await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM grants`)
  )[0]!.n;
  return { total, baseCount, seconds: (Date.now() - started) / 1000 };
}

function percentile(sorted: number[], p: number) {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function runOn(label: string, database: Database) {
  console.log(`\n== ${label} ==`);
  const built = process.env.BENCH_REUSE
    ? { total: -1, baseCount: -1, seconds: 0 }
    : await buildCatalogue(database);
  console.log(
    `catalogue: ${built.total} grants (${built.baseCount} shipped, the rest recombined) built in ${built.seconds.toFixed(1)} s`,
  );
  const all = cases();
  for (const c of all)
    await searchGrants(database.db, { ...c.input, page: c.input.page ?? 1, pageSize: 20 });
  const timings: number[] = [];
  const perCase: { label: string; median: number; total: number }[] = [];
  for (const c of all) {
    const mine: number[] = [];
    let total = 0;
    for (let r = 0; r < repeats; r++) {
      const t0 = performance.now();
      const res = await searchGrants(database.db, {
        ...c.input,
        page: c.input.page ?? 1,
        pageSize: 20,
      });
      const ms = performance.now() - t0;
      total = res.total;
      mine.push(ms);
      timings.push(ms);
    }
    mine.sort((a, b) => a - b);
    perCase.push({ label: c.label, median: mine[Math.floor(mine.length / 2)]!, total });
  }
  timings.sort((a, b) => a - b);
  console.log(`queries: ${all.length} distinct × ${repeats} runs = ${timings.length} timings`);
  console.log(
    `p50 ${percentile(timings, 50).toFixed(1)} ms   p95 ${percentile(timings, 95).toFixed(1)} ms   p99 ${percentile(timings, 99).toFixed(1)} ms   max ${timings.at(-1)!.toFixed(1)} ms`,
  );
  perCase.sort((a, b) => b.median - a.median);
  console.log('slowest queries (median ms, matches):');
  for (const c of perCase.slice(0, 5))
    console.log(`  ${c.median.toFixed(1).padStart(7)}  ${String(c.total).padStart(6)}  ${c.label}`);
  return { p95: percentile(timings, 95) };
}

async function main() {
  // BENCH_ONLY=postgres skips PGlite (the 1,000,000-grant run is PostgreSQL's); =pglite skips PostgreSQL.
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') {
    const dir =
      process.env.BENCH_PGLITE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-search-'));
    const pglite = await openDatabase({ pgliteDir: dir });
    try {
      await runOn(`PGlite (${dir})`, pglite);
    } finally {
      await pglite.close();
      if (!process.env.BENCH_PGLITE_DIR) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const url = only === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (url) {
    const keep = process.env.BENCH_PG_DB;
    const name = keep ?? `gb_bench_search_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const exists =
      keep && (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
    if (!exists) await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const server = await openDatabase({ databaseUrl: u.toString() });
    try {
      await runOn(`PostgreSQL (${u.host})`, server);
    } finally {
      await server.close();
      if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log('\nDATABASE_URL is not set: the PostgreSQL run was skipped.');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
