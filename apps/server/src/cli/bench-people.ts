// `npm run bench:people`: 10,000 researchers at 50 institutions, with
// profiles and saved grants, on the shipped catalogue (PGlite, and PostgreSQL
// too when DATABASE_URL is set). Times the Manage Researchers directory page
// sorted by every column both ways (and searched), then a 5,000-row CSV import,
// dry run and real, and prints latency percentiles and peak RSS.
import { sql } from 'drizzle-orm';
import { directorySorts } from '@grantbridge/contract/people';
import { researchAreas } from '@grantbridge/contract/research-areas';
import { loadConfig } from '../config';
import { onBothDatabases } from './bench-databases';
import { migrateDatabase, queryRows, type Database } from '../db/client';
import { createInstitution } from '../modules/institutions/institutions.service';
import { importResearchers } from '../modules/people/csv-import';
import { listDirectory } from '../modules/people/directory';
import { loadShippedGrants } from '../seed/grants-seed';

const institutions = Number(process.env.BENCH_INSTITUTIONS ?? 50);
const perInstitution = Number(process.env.BENCH_PEOPLE_PER_INSTITUTION ?? 200);
const config = loadConfig({ NODE_ENV: 'test' });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
const peakRssMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);

async function build(database: Database) {
  const started = Date.now();
  await migrateDatabase(database);
  await loadShippedGrants(database.db, config);
  const areaList = `{${researchAreas.map((a) => `"${a}"`).join(',')}}`;
  for (let i = 0; i < institutions; i++) {
    const institution = await createInstitution(database.db, {
      name: `Bench University ${i}`,
      domains: [`bench${i}.example.edu`],
      onboarded: true,
    });
    // Researchers, their profiles (about 3 areas of the vocabulary) and 0–9 saved grants each, in three statements.
    await database.db.execute(sql`
      INSERT INTO users (institution_id, email, role, name, title, department, setup_complete, last_sign_in_at)
      SELECT ${institution!.id}, 'person' || n || '@bench' || ${i} || '.example.edu', 'researcher',
        'Person ' || lpad(n::text, 4, '0') || ' ' || ${i}, 'Professor', 'Department ' || (n % 12),
        n % 5 <> 0, CASE WHEN n % 3 = 0 THEN NULL ELSE now() - (n || ' hours')::interval END
      FROM generate_series(1, ${perInstitution}) AS n`);
    await database.db.execute(sql`
      INSERT INTO researcher_profiles (user_id, research_areas)
      SELECT u.id, ARRAY(SELECT a FROM unnest(${areaList}::text[]) WITH ORDINALITY AS t(a, k)
        WHERE (k + abs(hashtext(u.email))) % 31 = 0)
      FROM users u WHERE u.email LIKE ${`%@bench${i}.example.edu`}`);
    await database.db.execute(sql`
      INSERT INTO saved_grants (user_id, grant_id)
      SELECT u.id, g.id FROM users u
      CROSS JOIN LATERAL (SELECT id FROM grants ORDER BY id OFFSET (abs(hashtext(u.email)) % 3000) LIMIT (abs(hashtext(u.email)) % 10)) g
      WHERE u.email LIKE ${`%@bench${i}.example.edu`}`);
  }
  await database.db.execute(sql`
    INSERT INTO users (institution_id, email, role, name, setup_complete)
    SELECT id, 'admin@' || domains[1], 'admin', 'Bench Admin', true FROM institutions WHERE name LIKE 'Bench University %'`);
  // A steady state, as autovacuum leaves it: statistics fresh after the bulk load.
  await database.db.execute(sql`VACUUM ANALYZE`);
  const [count] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM users WHERE role = 'researcher'`);
  return { researchers: count!.n, seconds: (Date.now() - started) / 1000 };
}

async function run(label: string, database: Database) {
  console.log(`\n== ${label} ==`);
  const built = await build(database);
  console.log(`${built.researchers} researchers at ${institutions} institutions built in ${built.seconds.toFixed(1)} s`);
  const [admin] = await queryRows<{ id: string; institution_id: string }>(
    database.db,
    sql`SELECT id, institution_id FROM users WHERE email = 'admin@bench0.example.edu'`,
  );
  const actor = { id: admin!.id, role: 'admin' as const, institution: { id: admin!.institution_id } };
  const cases = directorySorts.flatMap((sort) =>
    (['asc', 'desc'] as const).flatMap((order) => [
      { sort, order, page: 1, pageSize: 25 },
      { sort, order, page: 4, pageSize: 25 },
    ]),
  );
  cases.push({ sort: 'name', order: 'asc', page: 1, pageSize: 25, q: 'department 3' } as never);
  for (const c of cases) await listDirectory(database.db, actor, c);
  const timings: number[] = [];
  for (let repeat = 0; repeat < 5; repeat++) {
    for (const c of cases) {
      const t0 = performance.now();
      const page = await listDirectory(database.db, actor, c);
      timings.push(performance.now() - t0);
      if (page.total < 1) throw new Error('the directory came back empty');
    }
  }
  timings.sort((a, b) => a - b);
  console.log(
    `directory page (${cases.length} sorts and pages × 5, ${perInstitution} people): p50 ${percentile(timings, 50).toFixed(1)} ms   p95 ${percentile(timings, 95).toFixed(1)} ms   max ${timings.at(-1)!.toFixed(1)} ms`,
  );

  const institution = await createInstitution(database.db, { name: 'Bench Import University', domains: ['import.example.edu'], onboarded: true });
  const [importAdmin] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO users (institution_id, email, role, name, setup_complete) VALUES (${institution!.id}, 'admin@import.example.edu', 'admin', 'Import Admin', true) RETURNING id`,
  );
  const importer = { id: importAdmin!.id, role: 'admin' as const, institution: { id: institution!.id } };
  const rows = Array.from(
    { length: 5000 },
    (_, n) => `person${n}@import.example.edu,"Person ${n}, PhD",Professor,Department ${n % 12},Hydrology;Forest Ecology`,
  );
  const csv = `email,name,title,department,research_areas\r\n${rows.join('\r\n')}\r\n`;
  for (const dryRun of [true, false]) {
    const t0 = performance.now();
    const result = await importResearchers(database.db, config, importer, csv, { dryRun });
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `CSV import of 5,000 rows (${dryRun ? 'dry run' : 'real'}): ${seconds.toFixed(2)} s, invited ${result.invited}, skipped ${result.skipped}, errors ${result.errors.length}; peak RSS ${peakRssMb()} MB`,
    );
  }
}

async function main() {
  await onBothDatabases('bench-people', run);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
