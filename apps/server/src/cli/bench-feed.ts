// `npm run bench:feed`: the activity feed at 100,000 posts and 1,000,000 likes
// across 50 institutions of 200 researchers, with application teams that
// cross institutions (PGlite in a temporary data dir, and PostgreSQL too in a
// database made for the run and dropped after it, when DATABASE_URL or
// BENCH_PG_URL is set). Times the first feed page and the next one through the
// feed service for 200 viewers, printing p50/p95/p99 (and the feed query's
// EXPLAIN ANALYZE when a p95 is over target or BENCH_EXPLAIN=1); then fans
// posts out to 1,000 connected members of one institution
// (bench-feed-fanout.ts): one instance on PGlite, two sharing PostgreSQL.
// Ends with PASS/FAIL against the issue's targets.
// BENCH_ONLY=pglite|postgres runs one database; BENCH_SKIP_FANOUT=1 only pages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrateDatabase, openDatabase, positionalSql, queryRows, type Database, type Db } from '../db/client';
import { createInstitution } from '../modules/institutions/institutions.service';
import { findFeedPage, findOutsideTeammates } from '../modules/feed/feed.repository';
import { getFeed } from '../modules/feed/feed.service';
import { decodeCursor } from '../lib/keyset-cursor';
import { describe, ms, runFanout, seedFanoutInstitution, stats, type FanoutResult } from './bench-feed-fanout';
import { killChildren } from './bench-servers';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const institutions = env('BENCH_INSTITUTIONS', 50);
const perInstitution = env('BENCH_PEOPLE_PER_INSTITUTION', 200);
const postCount = env('BENCH_POSTS', 100_000);
const likeCount = env('BENCH_LIKES', 1_000_000);
const teams = env('BENCH_TEAMS', 12_000);
const grantCount = 500;
const periodDays = env('BENCH_PERIOD_DAYS', 180);
const viewerCount = env('BENCH_VIEWERS', 200);
const pageSize = 20;
const fanoutMembers = env('BENCH_FANOUT_MEMBERS', 1000);
const fanout = {
  posts: env('BENCH_FANOUT_POSTS', 30), // POST /posts allows 30 a minute from one address
  intervalMs: env('BENCH_FANOUT_INTERVAL_MS', 200),
  likes: env('BENCH_FANOUT_LIKES', 5),
  settleMs: env('BENCH_SETTLE_MS', 2000),
  stragglersMs: 3000,
};
const target = { pageP95: 30, fanoutP99: 100 };
const people = institutions * perInstitution;
/** Likes per post average; pairs of posts get avg−d and avg+d (1 to 2·avg−1 likes), so the total is exact. */
const likesPerPost = Math.max(1, Math.round(likeCount / postCount));
const log = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const load = () => `load average ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} (1 / 5 / 15 min) on ${os.cpus().length} cores`;

async function seedFeed(database: Database) {
  const db = database.db;
  const run = (query: SQL) => db.execute(query);
  await migrateDatabase(database);
  const institutionIds: string[] = [];
  for (let i = 0; i < institutions; i++) {
    const institution = await createInstitution(db, { name: `Bench University ${i}`, domains: [`bench${i}.example.edu`], onboarded: true });
    institutionIds.push(institution!.id);
    await run(sql`
      INSERT INTO users (institution_id, email, role, name, title, department, setup_complete, last_sign_in_at)
      SELECT ${institution!.id}, 'person' || n || '@bench' || ${i} || '.example.edu', 'researcher',
        'Person ' || lpad(n::text, 3, '0') || ' of ' || ${i}, 'Professor', 'Department ' || (n % 12), true, now()
      FROM generate_series(0, ${perInstitution - 1}::int) AS n`);
  }
  // Helper tables (institution number, person number): the arithmetic below picks people by them.
  await run(sql`CREATE TABLE bench_feed_people (inst int NOT NULL, pos int NOT NULL, id uuid NOT NULL, PRIMARY KEY (inst, pos))`);
  await run(sql`
    INSERT INTO bench_feed_people
    SELECT substring(email from '@bench([0-9]+)[.]')::int, substring(email from '^person([0-9]+)@')::int, id
    FROM users WHERE email LIKE 'person%@bench%.example.edu'`);
  await run(sql`
    INSERT INTO grants (source, source_key, opportunity_number, title, record_kind, status)
    SELECT 'bench', 'bench-feed-' || n, 'BENCH-FEED-' || n, 'Bench feed grant ' || n, 'synopsis', 'posted'
    FROM generate_series(0, ${grantCount - 1}::int) AS n`);
  await run(sql`CREATE TABLE bench_feed_grants AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id FROM grants WHERE source_key LIKE 'bench-feed-%'`);

  // Teams, about 1.2 per person as PI and 4 in all: a PI (7919 being prime to the number of people, each
  // person in turn), a colleague, three teams in four a co-investigator at another institution (one in
  // ten still invited), one in five a second one elsewhere, one in three a second colleague.
  await run(sql`CREATE TABLE bench_feed_teams AS
    SELECT k, gen_random_uuid() AS id, ((k * 7919) % ${people}::int) / ${perInstitution}::int AS inst,
      ((k * 7919) % ${people}::int) % ${perInstitution}::int AS pos
    FROM generate_series(0, ${teams - 1}::int) AS k`);
  await run(sql`
    INSERT INTO applications (id, user_id, grant_id, status, created_at)
    SELECT t.id, p.id, g.id, (ARRAY['drafting', 'internal_review', 'submitted', 'under_review'])[1 + t.k % 4],
      now() - make_interval(days => t.k % 365)
    FROM bench_feed_teams t JOIN bench_feed_people p ON p.inst = t.inst AND p.pos = t.pos
      JOIN bench_feed_grants g ON g.k = (t.k + t.k / ${people}::int * 37) % ${grantCount}::int
    ON CONFLICT DO NOTHING`);
  await run(sql`
    INSERT INTO application_members (application_id, user_id, role, status)
    SELECT t.id, p.id, m.role, m.status
    FROM bench_feed_teams t JOIN applications a ON a.id = t.id
    CROSS JOIN LATERAL (VALUES
      (t.inst, (t.pos + 1 + t.k % ${perInstitution - 1}::int) % ${perInstitution}::int, 'contributor', 'active', true),
      ((t.inst + 1 + t.k % ${Math.max(1, institutions - 1)}::int) % ${institutions}::int, (t.pos * 31 + t.k) % ${perInstitution}::int,
        'co_investigator', CASE WHEN t.k % 10 = 0 THEN 'pending' ELSE 'active' END, t.k % 4 <> 3),
      ((t.inst + 1 + (t.k * 7 + 3) % ${Math.max(1, institutions - 1)}::int) % ${institutions}::int, (t.pos * 17 + t.k * 3) % ${perInstitution}::int,
        'co_investigator', 'active', t.k % 5 = 1),
      (t.inst, (t.pos + 1 + (t.k * 13 + 7) % ${perInstitution - 1}::int) % ${perInstitution}::int, 'contributor', 'active', t.k % 3 = 0)
    ) AS m(inst, pos, role, status, wanted)
    JOIN bench_feed_people p ON p.inst = m.inst AND p.pos = m.pos
    WHERE m.wanted AND p.id <> a.user_id
    ON CONFLICT DO NOTHING`);

  // Posts: round the institutions, over the last `periodDays` days; a few people post most (the author's
  // number is a pseudo-random fraction squared); one in twenty is a "joined" event.
  for (let from = 0; from < postCount; from += 25_000) {
    const to = Math.min(postCount, from + 25_000) - 1;
    await run(sql`
      INSERT INTO posts (author_id, institution_id, kind, event_type, event_subject_kind, event_subject_id,
        event_subject_label, event_key, content, created_at)
      SELECT p.id, u.institution_id, CASE WHEN s.n % 20 = 0 THEN 'event' ELSE 'post' END,
        CASE WHEN s.n % 20 = 0 THEN 'member.joined' END, CASE WHEN s.n % 20 = 0 THEN 'researcher' END,
        CASE WHEN s.n % 20 = 0 THEN p.id END, CASE WHEN s.n % 20 = 0 THEN u.name END,
        CASE WHEN s.n % 20 = 0 THEN 'bench-joined:' || s.n END,
        CASE WHEN s.n % 20 = 0 THEN u.name || ' joined.'
          ELSE 'Bench post ' || s.n || ': ' || repeat('field notes from the lab, ', 1 + (s.n % 8)::int) END,
        now() - make_interval(secs => random() * ${periodDays * 86400}::float8)
      FROM generate_series(${from}::bigint, ${to}::bigint) AS s(n)
      JOIN bench_feed_people p ON p.inst = (s.n % ${institutions}::int)::int
        AND p.pos = floor(${perInstitution}::int * power(((s.n * 7919 + 13) % 10007) / 10007.0, 2))::int
      JOIN users u ON u.id = p.id`);
  }
  // Likes and comments, an institution at a time, by the institution's own people (distinct per post:
  // 17 is prime to the number of people). Comments on one post in four, 1–3 each.
  for (let i = 0; i < institutions; i++) {
    const posts = sql`(SELECT id, created_at, row_number() OVER (ORDER BY id) - 1 AS k FROM posts WHERE institution_id = ${institutionIds[i]})`;
    await run(sql`
      INSERT INTO post_likes (post_id, user_id, created_at)
      SELECT x.id, p.id, least(now(), x.created_at + make_interval(mins => j))
      FROM ${posts} x
      CROSS JOIN LATERAL generate_series(1, (CASE WHEN x.k % 2 = 0 THEN ${likesPerPost}::int - (x.k / 2) % ${likesPerPost}::int
        ELSE ${likesPerPost}::int + (x.k / 2) % ${likesPerPost}::int END)::int) AS j
      JOIN bench_feed_people p ON p.inst = ${i}::int AND p.pos = ((x.k * 37 + j * 17) % ${perInstitution}::int)::int`);
    await run(sql`
      INSERT INTO post_comments (post_id, author_id, content, created_at)
      SELECT x.id, p.id, 'Comment ' || j || ': looks promising, send me the data.', least(now(), x.created_at + make_interval(hours => j))
      FROM ${posts} x CROSS JOIN LATERAL generate_series(1, (1 + x.k % 3)::int) AS j
      JOIN bench_feed_people p ON p.inst = ${i}::int AND p.pos = ((x.k * 11 + j * 29) % ${perInstitution}::int)::int
      WHERE x.k % 4 = 0`);
  }
  await run(sql`UPDATE posts p SET like_count = l.n FROM (SELECT post_id, count(*)::int AS n FROM post_likes GROUP BY post_id) l
    WHERE l.post_id = p.id`);
  await run(sql`UPDATE posts p SET comment_count = c.n FROM (SELECT post_id, count(*)::int AS n FROM post_comments GROUP BY post_id) c
    WHERE c.post_id = p.id`);
  // Viewers: spread over every institution.
  const viewers = await queryRows<{ id: string; institution_id: string }>(
    db,
    sql`SELECT p.id, u.institution_id FROM generate_series(0, ${viewerCount - 1}::int) AS v
      JOIN bench_feed_people p ON p.inst = v % ${institutions}::int AND p.pos = (v * 53 + 11) % ${perInstitution}::int
      JOIN users u ON u.id = p.id ORDER BY v`,
  );
  await run(sql`DROP TABLE bench_feed_people, bench_feed_grants, bench_feed_teams`);
  // A steady state, as autovacuum leaves it: statistics fresh after the bulk load.
  await run(sql`VACUUM ANALYZE`);
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM posts) AS posts,
      (SELECT count(*)::int FROM post_likes) AS likes, (SELECT count(*)::int FROM post_comments) AS comments,
      (SELECT count(*)::int FROM applications) AS teams,
      (SELECT count(*)::int FROM application_members WHERE status = 'active') AS members,
      (SELECT count(*)::int FROM posts WHERE like_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = posts.id)) AS bad_counts`,
  );
  return { viewers, counts: counts! };
}

/** The feed query (findFeedPage) exactly as the service sends it, under EXPLAIN (ANALYZE, BUFFERS). */
async function explainFeedPage(db: Db, viewer: { id: string; institution_id: string }, cursor: string | null) {
  const outside = await findOutsideTeammates(db, viewer.id, viewer.institution_id);
  let captured: SQL | undefined;
  const spy = new Proxy(db, {
    get: (target, key, receiver) =>
      key === 'execute'
        ? (query: SQL) => {
            captured = query;
            return target.execute(query);
          }
        : Reflect.get(target, key, receiver),
  });
  await findFeedPage(spy, viewer.institution_id, outside, decodeCursor(cursor ?? undefined, 'feed'), pageSize + 1);
  const query = new PgDialect().sqlToQuery(captured!);
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, positionalSql(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params));
  return { outside: outside.length, plan: rows.map((r) => r['QUERY PLAN']).join('\n') };
}

type PagesResult = { first: ReturnType<typeof stats>; next: ReturnType<typeof stats>; problems: number };

async function timePages(db: Db, viewers: { id: string; institution_id: string }[]): Promise<PagesResult> {
  const actorOf = (v: (typeof viewers)[number]) => ({ id: v.id, role: 'researcher' as const, institution: { id: v.institution_id } });
  for (const v of viewers.slice(0, 20)) {
    const page = await getFeed(db, actorOf(v), { limit: pageSize });
    await getFeed(db, actorOf(v), { limit: pageSize, cursor: page.nextCursor ?? undefined });
  }
  const first: number[] = [];
  const next: number[] = [];
  const slowest = { first: { ms: 0, viewer: viewers[0]! }, next: { ms: 0, viewer: viewers[0]!, cursor: null as string | null } };
  let problems = 0;
  let withOutside = 0;
  for (const v of viewers) {
    const t0 = performance.now();
    const a = await getFeed(db, actorOf(v), { limit: pageSize });
    const t1 = performance.now();
    const b = await getFeed(db, actorOf(v), { limit: pageSize, cursor: a.nextCursor ?? undefined });
    const t2 = performance.now();
    first.push(t1 - t0);
    next.push(t2 - t1);
    if (t1 - t0 > slowest.first.ms) slowest.first = { ms: t1 - t0, viewer: v };
    if (t2 - t1 > slowest.next.ms) slowest.next = { ms: t2 - t1, viewer: v, cursor: a.nextCursor };
    // Full pages, no post twice, the next page older than the first.
    const ids = new Set([...a.items, ...b.items].map((i) => i.id));
    const last = a.items.at(-1);
    if (a.items.length !== pageSize || b.items.length !== pageSize || ids.size !== 2 * pageSize || !last) problems++;
    else if (b.items[0]!.createdAt > last.createdAt) problems++;
    if ([...a.items, ...b.items].some((i) => i.institutionId !== v.institution_id)) withOutside++;
  }
  const teammates = await Promise.all(viewers.map((v) => findOutsideTeammates(db, v.id, v.institution_id)));
  const counts = teammates.map((t) => t.length);
  const result = { first: stats(first), next: stats(next), problems };
  log(
    `viewers: ${viewers.length}; outside teammates per viewer avg ${(counts.reduce((s, n) => s + n, 0) / counts.length).toFixed(1)}, ` +
      `max ${Math.max(...counts)}, none ${counts.filter((n) => n === 0).length}; pages showing a teammate's post from elsewhere: ${withOutside}`,
  );
  log(`first page (limit ${pageSize}, ${result.first.n} samples): ${describe(result.first)}`);
  log(`next page  (its cursor, ${result.next.n} samples): ${describe(result.next)}`);
  log(`page checks (full, no repeats, next older than first): ${problems ? `${problems} FAILED` : 'all passed'}`);
  if (process.env.BENCH_EXPLAIN || result.first.p95 > target.pageP95 || result.next.p95 > target.pageP95) {
    for (const [label, s] of [['first', slowest.first], ['next', slowest.next]] as const) {
      const explained = await explainFeedPage(db, s.viewer, 'cursor' in s ? s.cursor : null);
      log(`\nEXPLAIN (ANALYZE, BUFFERS) of the slowest ${label} page's feed query (${ms(s.ms)} in the run; ${explained.outside} outside teammates):`);
      log(explained.plan);
    }
  }
  return result;
}

type Outcome = { label: string; pages?: PagesResult; fanout?: FanoutResult };

async function runPages(label: string, database: Database): Promise<PagesResult> {
  log(`\n== ${label}: pages ==`);
  const t0 = performance.now();
  const { viewers, counts } = await seedFeed(database);
  log(
    `seeded in ${seconds(t0)}: ${counts.users} people at ${institutions} institutions, ${counts.teams} application teams ` +
      `(${counts.members} active members), ${counts.posts} posts over ${periodDays} days, ${counts.likes} likes, ` +
      `${counts.comments} comments; posts whose like_count disagrees: ${counts.bad_counts}`,
  );
  const t1 = performance.now();
  const pages = await timePages(database.db, viewers);
  log(`pages timed in ${seconds(t1)}`);
  return pages;
}

function reportFanout(r: FanoutResult) {
  const line = (what: string, d: FanoutResult['created'], extra = '') =>
    `${what}: ${d.sent} sent, expected deliveries ${d.expected}, delivered ${d.delivered}, lost ${d.lost}, duplicated ${d.duplicated}${extra}; ${describe(d.latency)}` +
    (d.byInstance.length > 1
      ? `\n  by the instance holding the socket: ${d.byInstance.map((s, i) => `#${i} p50 ${ms(s.p50)}, p99 ${ms(s.p99)}`).join('; ')}`
      : '');
  log(line(`feed.post.created (one POST every ${fanout.intervalMs} ms, to instance #0)`, r.created));
  log(line('feed.post.updated (likes, PUTs to the likers’ instances)', r.updated, `, with a wrong likeCount ${r.updated.wrongCounts}`));
  log(`HTTP statuses: ${JSON.stringify(r.statuses)}`);
}

async function runFanoutOn(label: string, database: Database, servers: Record<string, string>[]) {
  log(`\n== ${label}: fan-out ==`);
  const t0 = performance.now();
  const members = await seedFanoutInstitution(database.db, fanoutMembers);
  await database.close(); // PGlite admits one process: the server's
  log(`${members.length} members of one institution signed in (seeded in ${seconds(t0)}); ${servers.length} instance(s)`);
  const t1 = performance.now();
  const result = await runFanout(members, servers, fanout);
  reportFanout(result);
  log(`fan-out run in ${seconds(t1)}`);
  return result;
}

const cleanups: (() => Promise<unknown> | void)[] = [];
async function cleanUp() {
  killChildren();
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch((err) => console.error('cleanup failed:', err));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function onPglite(): Promise<Outcome> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-feed-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  let database: Database | null = await openDatabase({ pgliteDir: dir });
  const closeOnce = async () => {
    const d = database;
    database = null;
    await d?.close();
  };
  cleanups.push(closeOnce);
  const outcome: Outcome = { label: 'PGlite' };
  outcome.pages = await runPages('PGlite', database);
  if (!process.env.BENCH_SKIP_FANOUT) {
    outcome.fanout = await runFanoutOn('PGlite, one instance', { ...database, close: closeOnce }, [{ BENCH_PGLITE_DIR: dir, DATABASE_URL: '' }]);
  }
  await cleanups.pop()!();
  await cleanups.pop()!();
  return outcome;
}

async function onPostgres(url: string): Promise<Outcome> {
  const name = `gb_bench_feed_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    log(`dropped database ${name}`);
  });
  const u = new URL(url);
  u.pathname = `/${name}`;
  let database: Database | null = await openDatabase({ databaseUrl: u.toString() });
  const closeOnce = async () => {
    const d = database;
    database = null;
    await d?.close();
  };
  cleanups.push(closeOnce);
  const outcome: Outcome = { label: 'PostgreSQL' };
  outcome.pages = await runPages(`PostgreSQL (${u.host}, database ${name})`, database);
  if (!process.env.BENCH_SKIP_FANOUT) {
    const server = { DATABASE_URL: u.toString() };
    outcome.fanout = await runFanoutOn('PostgreSQL, two instances (sockets split across them)', { ...database, close: closeOnce }, [server, server]);
  }
  await cleanups.pop()!();
  await cleanups.pop()!();
  return outcome;
}

function summary(outcomes: Outcome[]) {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  log('\n== Summary ==');
  log(`${postCount} posts, ${likeCount} likes, ${institutions} institutions × ${perInstitution} people; fan-out to ${fanoutMembers} members`);
  let allPassed = true;
  for (const o of outcomes) {
    if (o.pages) {
      const ok = o.pages.first.p95 <= target.pageP95 && o.pages.next.p95 <= target.pageP95 && o.pages.problems === 0;
      allPassed &&= ok;
      log(
        `${o.label.padEnd(10)} pages:   first p95 ${ms(o.pages.first.p95)}, next p95 ${ms(o.pages.next.p95)} (target ≤ ${target.pageP95} ms), ` +
          `page checks ${o.pages.problems ? 'failed' : 'passed'}: ${verdict(ok)}`,
      );
    }
    if (o.fanout) {
      const c = o.fanout.created;
      const ok = c.latency.p99 <= target.fanoutP99 && c.lost === 0 && c.duplicated === 0;
      allPassed &&= ok;
      log(
        `${o.label.padEnd(10)} fan-out: p99 ${ms(c.latency.p99)} (target ≤ ${target.fanoutP99} ms), ${c.delivered}/${c.expected} delivered, ` +
          `lost ${c.lost}, duplicated ${c.duplicated}: ${verdict(ok)}` +
          ` (likes: p99 ${ms(o.fanout.updated.latency.p99)}, lost ${o.fanout.updated.lost}, duplicated ${o.fanout.updated.duplicated})`,
      );
    }
  }
  log(`overall: ${allPassed ? 'PASS (every target met)' : 'FAIL (see above)'}`);
}

async function main() {
  const started = performance.now();
  log(`start: ${load()}`);
  const only = process.env.BENCH_ONLY;
  const outcomes: Outcome[] = [];
  if (only !== 'postgres') outcomes.push(await onPglite());
  const url = only === 'pglite' ? undefined : process.env.BENCH_PG_URL ?? process.env.DATABASE_URL;
  if (url) outcomes.push(await onPostgres(url));
  else log('\nNeither BENCH_PG_URL nor DATABASE_URL is set: the PostgreSQL run was skipped.');
  summary(outcomes);
  log(`total ${seconds(started)}; end: ${load()}`);
}

main().then(
  async () => {
    // A figure over target is a finding, not an error: the summary says PASS or FAIL.
    await cleanUp();
    process.exit(0);
  },
  async (err) => {
    console.error(err);
    await cleanUp();
    process.exit(1);
  },
);
