// `npm run bench:admin`: one institution with 5,000 researchers (20
// departments, research areas from the vocabulary) and 100,000 applications
// over five years in every stage, with their stage events, documents, saved
// grants and pending invitations, on the shipped catalogue. Times the
// dashboard, the Grant Status page (its figures and its lists) and the
// researcher detail as their routes compute them (p50/p95/p99 over repeated
// calls with varied filters), and
// streams the whole pipeline CSV, printing the RSS it held. PGlite, and
// PostgreSQL too when DATABASE_URL is set (a database of its own, dropped
// afterwards; BENCH_PG_DB keeps it).
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import { researchAreas } from '@grantbridge/contract/research-areas';
import { todayIso } from '@grantbridge/contract/days';
import { loadConfig } from '../config';
import { onBothDatabases } from './bench-databases';
import { migrateDatabase, queryRows, type Database } from '../db/client';
import { getOverview, getPipeline, pipelineExportRows } from '../modules/admin/admin.service';
import { getResearcherReport } from '../modules/admin/researcher-report.service';
import { createInstitution } from '../modules/institutions/institutions.service';
import { getInstitutionApplications } from '../modules/applications/applications.service';
import { loadShippedGrants } from '../seed/grants-seed';

const people = Number(process.env.BENCH_PEOPLE ?? 5000);
const applications = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const config = loadConfig({ NODE_ENV: 'test' });
const mb = (bytes: number) => (bytes / 1048576).toFixed(0);

async function seed(database: Database) {
  const db = database.db;
  await migrateDatabase(database);
  const [seeded] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM institutions WHERE name = 'Bench Admin University'`);
  if (seeded!.n > 0) return found(database);
  await loadShippedGrants(db, config);
  const institution = await createInstitution(db, { name: 'Bench Admin University', domains: ['admin.example.edu'], onboarded: true });
  const other = await createInstitution(db, { name: 'Bench Partner College', domains: ['partner.example.edu'], onboarded: true });
  const areas = sql`${`{${researchAreas.map((a) => `"${a}"`).join(',')}}`}::text[]`;
  const n = researchAreas.length;
  for (const [inst, domain, count] of [[institution!.id, 'admin.example.edu', people], [other!.id, 'partner.example.edu', 500]] as const) {
    await db.execute(sql`
      INSERT INTO users (institution_id, email, role, name, department, setup_complete, last_sign_in_at)
      SELECT ${inst}, 'p' || g || '@' || ${domain}, 'researcher', 'Person ' || g, 'Department ' || (g % 20), true,
        now() - ((g % 90) || ' days')::interval
      FROM generate_series(1, ${count}) g`);
    // Two areas each, from the eight that their department works in (departments overlap).
    await db.execute(sql`
      INSERT INTO researcher_profiles (user_id, research_areas)
      SELECT u.id, ARRAY[
        (${areas})[1 + ((substr(u.department, 12)::int * 4 + abs(hashtext(u.email)) % 8) % ${n})],
        (${areas})[1 + ((substr(u.department, 12)::int * 4 + abs(hashtext(u.email || 'b')) % 8) % ${n})]]
      FROM users u WHERE u.institution_id = ${inst}`);
  }
  await db.execute(sql`
    INSERT INTO users (institution_id, email, role, name, setup_complete) VALUES (${institution!.id}, 'office@admin.example.edu', 'admin', 'Office', true)`);
  // Every researcher applies to `each` grants (distinct per person), in every stage, over five years.
  const each = Math.ceil(applications / people);
  await db.execute(sql`
    WITH people AS (
      SELECT id, row_number() OVER (ORDER BY email) AS i FROM users WHERE institution_id = ${institution!.id} AND role = 'researcher'
    ), grant_list AS (
      SELECT id, row_number() OVER (ORDER BY source_key) AS j, count(*) OVER () AS total FROM grants
    ), picks AS (
      SELECT p.id AS user_id, p.i, k, 1 + ((p.i * 37 + k * 101) % (SELECT max(total) FROM grant_list)) AS j
      FROM people p CROSS JOIN generate_series(1, ${each}) k
    ), aged AS (
      SELECT picks.user_id, g.id AS grant_id, (picks.i * 7 + picks.k) % 10 AS raw_kind,
        (picks.i * 13 + picks.k * 71) % 1825 AS age
      FROM picks JOIN grant_list g ON g.j = picks.j
    ), rows AS (
      -- Anything older than ten months was decided or withdrawn long ago: in progress only lately.
      SELECT user_id, grant_id, CASE WHEN age > 300 AND raw_kind < 4 THEN 4 + raw_kind + (age % 3) ELSE raw_kind END AS kind,
        now() - (age || ' days')::interval AS at
      FROM aged
    )
    INSERT INTO applications (user_id, grant_id, status, amount_requested, amount_awarded, created_at, updated_at, submitted_at, awarded_at)
    SELECT user_id, grant_id,
      (ARRAY['drafting','internal_review','submitted','under_review','awarded','awarded','rejected','rejected','rejected','withdrawn'])[kind + 1],
      100000 + kind * 25000,
      CASE WHEN kind IN (4, 5) THEN 90000 + kind * 20000 END,
      at - interval '120 days', at,
      CASE WHEN kind BETWEEN 2 AND 8 THEN at - interval '60 days' END,
      CASE WHEN kind IN (4, 5) THEN at END
    FROM rows
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO application_events (application_id, actor_id, from_status, to_status, created_at)
    SELECT a.id, a.user_id, NULL, 'drafting', a.created_at FROM applications a
    UNION ALL
    SELECT a.id, a.user_id, 'drafting', 'internal_review', a.created_at + interval '30 days' FROM applications a WHERE a.status <> 'drafting'
    UNION ALL
    SELECT a.id, a.user_id, 'under_review', a.status, a.updated_at FROM applications a WHERE a.status IN ('awarded', 'rejected')`);
  await db.execute(sql`
    INSERT INTO application_documents (application_id, name, position, status)
    SELECT a.id, 'Document ' || k, k, CASE WHEN k <= 3 THEN 'completed' ELSE 'pending' END
    FROM applications a CROSS JOIN generate_series(1, 6) k
    WHERE a.status IN ('drafting', 'internal_review', 'submitted', 'under_review')`);
  await db.execute(sql`
    INSERT INTO saved_grants (user_id, grant_id)
    SELECT u.id, g.id FROM users u
    JOIN LATERAL (SELECT id FROM grants ORDER BY source_key OFFSET (abs(hashtext(u.email)) % 200) LIMIT 3) g ON TRUE
    WHERE u.institution_id = ${institution!.id} AND u.role = 'researcher'
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO application_members (application_id, user_id, role, status)
    SELECT a.id, (SELECT id FROM users WHERE institution_id = ${other!.id} ORDER BY email OFFSET (abs(hashtext(a.id::text)) % 500) LIMIT 1),
      'co_investigator', 'pending'
    FROM applications a WHERE a.status = 'drafting' AND abs(hashtext(a.id::text)) % 10 = 0
    ON CONFLICT DO NOTHING`);
  // As the nightly upkeep leaves it (db/maintenance.ts): the declines written above rewrote their applications.
  await db.execute(sql`VACUUM (ANALYZE)`);
  return found(database);
}

/** The bench's office admin, researchers to look at, and how many applications there are. */
async function found(database: Database) {
  const db = database.db;
  const [institution] = await queryRows<{ id: string }>(db, sql`SELECT id FROM institutions WHERE name = 'Bench Admin University'`);
  const [office] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = 'office@admin.example.edu'`);
  const researchers = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE institution_id = ${institution!.id} AND role = 'researcher' ORDER BY email LIMIT ${runs}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM applications`);
  return {
    actor: { id: office!.id, role: 'admin' as const, institution: { id: institution!.id } },
    researchers: researchers.map((r) => r.id),
    count: count!.n,
  };
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return `p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

/**
 * Times `calls` after a warm-up of their first `distinct` (each kind of call
 * once): a fresh process runs each query path slowly the first time (its
 * compiled code and caches are built then), which a server pays once, not per
 * request; those first calls are printed too.
 */
async function time(label: string, calls: (() => Promise<unknown>)[], distinct: number) {
  const first: number[] = [];
  for (const call of calls.slice(0, distinct)) {
    const t0 = performance.now();
    await call();
    first.push(performance.now() - t0);
  }
  const timings: number[] = [];
  for (const call of calls) {
    const t0 = performance.now();
    await call();
    timings.push(performance.now() - t0);
  }
  console.log(`${label}: ${percentiles(timings)} (${timings.length} calls; first calls of the process ${first.map((t) => t.toFixed(0)).join(', ')} ms)`);
}

async function run(label: string, database: Database) {
  const t0 = performance.now();
  const { actor, researchers, count } = await seed(database);
  console.log(`\n== ${label}\nseeded ${people} researchers, ${count} applications in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const db = database.db;
  const filters = [{}, { department: 'Department 3' }, { from: '2023-10-01', to: '2024-09-30' }, { from: '2025-01-01', to: '2025-12-31', department: 'Department 7' }];
  const cycle = <T>(list: readonly T[]) => Array.from({ length: runs }, (_, i) => list[i % list.length]!);
  await time('GET /admin/overview', cycle(filters).map((f) => () => getOverview(db, actor, f)), filters.length);
  const statuses = ['all', 'awarded', 'pending_review', 'applied', 'rejected', 'in_progress'] as const;
  await time(
    'GET /admin/pipeline',
    cycle(statuses).map((status, i) => () => getPipeline(db, actor, { status, ...filters[i % filters.length]! })),
    12, // every status with every filter
  );
  // Grant Status's own lists: the review queue, and every application a page at a time by stage.
  const lists = [
    { status: 'internal_review', page: 1, pageSize: 100 },
    { page: 1, pageSize: 25 },
    { page: 40, pageSize: 25 },
    { status: 'drafting', page: 1, pageSize: 25 },
  ] as const;
  await time('GET /admin/applications', cycle(lists).map((q) => () => getInstitutionApplications(db, actor, q)), lists.length);
  await time('GET /admin/researchers/:id', researchers.map((id) => () => getResearcherReport(db, actor, id)), 1);
  // The whole pipeline as CSV, written nowhere: RSS sampled at every batch.
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let rows = 0;
  let bytes = 0;
  const t1 = performance.now();
  await pipeline(
    Readable.from(
      (async function* () {
        for await (const r of pipelineExportRows(db, actor, { from: '2000-01-01', to: todayIso() })) {
          rows += 1;
          if (rows % 1000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
          yield [r.researcher.name, r.researcher.department ?? '', r.grant.title, r.grant.opportunityNumber, r.grant.agency ?? '', r.status,
            r.amountRequested ?? '', r.amountAwarded ?? '', r.sponsorDeadline ?? '', r.internalDeadline ?? '', r.lastChange.slice(0, 10)];
        }
      })(),
    ),
    stringify({ header: true, columns: ['Researcher', 'Department', 'Grant', 'Opportunity number', 'Agency', 'Status', 'Requested', 'Awarded', 'Sponsor deadline', 'Internal deadline', 'Last change'] }),
    new Writable({ write(chunk: Buffer, _e, done) { bytes += chunk.length; done(); } }),
  );
  console.log(
    `pipeline CSV: ${rows} rows, ${mb(bytes)} MB in ${((performance.now() - t1) / 1000).toFixed(1)} s; RSS ${mb(before)} MB before, at most ${mb(peak)} MB while streaming (+${mb(peak - before)} MB)`,
  );
}

async function main() {
  await onBothDatabases('bench-admin', run);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
