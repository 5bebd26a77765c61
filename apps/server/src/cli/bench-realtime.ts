// `npm run bench:realtime`: 1,000 signed-in users each hold a socket; a burst
// of 500 direct messages a second for 10 s and a 50-member group receiving 10
// messages a second, sent over REST. Prints delivery latency (POST start to
// socket receipt) p50/p95/p99 and lost/duplicated deliveries. Runs on one
// PGlite instance, and on two instances sharing PostgreSQL when DATABASE_URL
// is set. Each app instance runs in its own process (bench-realtime-server.ts);
// this process seeds the database, holds the sockets and sends the load.
// The load starts with a warm-up second at the same rates, not counted in the
// latencies (its deliveries are still checked for loss and duplicates): the
// HTTP client opens its keep-alive connections there, as a browser that has
// been chatting already has them, and the first burst of connection set-ups
// otherwise decides the group's p99 alone (1 message of 100).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { conversationMembers, conversations } from '../db/schema/messaging';
import { sessions, users } from '../db/schema/auth';
import { hashPassword } from '../lib/passwords';
import { hashToken, newToken } from '../lib/tokens';
import { createInstitution } from '../modules/institutions/institutions.service';
import { startServer, stopServer } from './bench-servers';

const userCount = Number(process.env.BENCH_USERS ?? 1000);
const directPerSecond = Number(process.env.BENCH_DIRECT_RATE ?? 500);
const groupPerSecond = Number(process.env.BENCH_GROUP_RATE ?? 10);
const groupSize = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

type Person = { id: string; cookie: string; instance: number };
type Sent = { start: number; expected: number; kind: 'direct' | 'group'; measured: boolean };

async function seedPeople(db: Database['db']) {
  const tag = crypto.randomBytes(3).toString('hex');
  const institution = await createInstitution(db, {
    name: `Bench University ${tag}`,
    domains: [`bench${tag}.example.edu`],
    onboarded: true,
    isDemo: true,
  });
  const passwordHash = await hashPassword('bench-password-123');
  const rows = Array.from({ length: userCount }, (_, i) => ({
    institutionId: institution!.id,
    email: `bench${i}@bench${tag}.example.edu`,
    name: `Bench User ${i}`,
    role: 'researcher' as const,
    passwordHash,
    setupComplete: true,
  }));
  const created: { id: string }[] = [];
  for (let i = 0; i < rows.length; i += 250) {
    created.push(...(await db.insert(users).values(rows.slice(i, i + 250)).returning({ id: users.id })));
  }
  const day = 24 * 3600 * 1000;
  const tokens = created.map(() => newToken());
  for (let i = 0; i < created.length; i += 250) {
    await db.insert(sessions).values(
      created.slice(i, i + 250).map((u, j) => ({
        tokenHash: hashToken(tokens[i + j]!),
        userId: u.id,
        expiresAt: new Date(Date.now() + day),
        idleExpiresAt: new Date(Date.now() + day),
      })),
    );
  }
  return created.map((u, i) => ({ id: u.id, cookie: `gb_session=${tokens[i]}` }));
}

async function seedConversations(db: Database['db'], people: { id: string }[]) {
  const pairs: { id: string; a: number; b: number }[] = [];
  for (let i = 0; i + 1 < people.length; i += 2) {
    const a = people[i]!.id;
    const b = people[i + 1]!.id;
    const [row] = await db
      .insert(conversations)
      .values({ type: 'direct', directKey: [a, b].sort().join(':'), createdBy: a })
      .returning({ id: conversations.id });
    await db.insert(conversationMembers).values([
      { conversationId: row!.id, userId: a },
      { conversationId: row!.id, userId: b },
    ]);
    pairs.push({ id: row!.id, a: i, b: i + 1 });
  }
  const [group] = await db
    .insert(conversations)
    .values({ type: 'group', name: 'Bench group', createdBy: people[0]!.id })
    .returning({ id: conversations.id });
  const members = people.slice(0, groupSize).map((_, i) => i);
  await db.insert(conversationMembers).values(members.map((i) => ({ conversationId: group!.id, userId: people[i]!.id })));
  return { pairs, group: { id: group!.id, members } };
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}


/**
 * Seeds through `seedDb`, which is closed before the servers start (PGlite
 * allows one process at a time), then starts one server per entry of `servers`.
 */
async function runScenario(label: string, seedDb: Database, servers: Record<string, string>[]) {
  process.stdout.write(`\n== ${label}\nseeding ${userCount} users, ${userCount / 2} direct conversations, a ${groupSize}-member group...\n`);
  const seeded = await seedPeople(seedDb.db);
  const { pairs, group } = await seedConversations(seedDb.db, seeded);
  await seedDb.close();
  const people: Person[] = seeded.map((p, i) => ({ ...p, instance: i % servers.length }));

  const started = await Promise.all(servers.map((env) => startServer(env)));
  const urls = started.map((s) => s.url);

  // message id -> per-recipient receipt counts, keyed by clientId (known before the POST answers).
  const sent = new Map<string, Sent>();
  const received = new Map<string, number>();
  const latencies = { direct: [] as number[], group: [] as number[] };
  let duplicates = 0;

  const sockets: WebSocket[] = [];
  const connectStart = Date.now();
  for (let i = 0; i < people.length; i += 50) {
    await Promise.all(
      people.slice(i, i + 50).map(
        (person, j) =>
          new Promise<void>((resolve, reject) => {
            const index = i + j;
            const ws = new WebSocket(`${urls[person.instance]!.replace('http', 'ws')}/api/v1/realtime`, {
              headers: { cookie: person.cookie },
            });
            ws.on('message', (raw) => {
              const event = JSON.parse(raw.toString());
              if (event.type !== 'message.created') return;
              const at = performance.now();
              const key = `${event.data.clientId}|${index}`;
              const count = (received.get(key) ?? 0) + 1;
              received.set(key, count);
              if (count > 1) {
                duplicates++;
                return;
              }
              const s = sent.get(event.data.clientId);
              if (s?.measured) latencies[s.kind].push(at - s.start);
            });
            ws.once('open', () => resolve());
            ws.once('error', reject);
            sockets.push(ws);
          }),
      ),
    );
  }
  process.stdout.write(`connected ${sockets.length} sockets in ${Date.now() - connectStart} ms\n`);
  await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 5000))); // let presence announcements settle

  const agents = urls.map(() => new http.Agent({ keepAlive: true, maxSockets: 128 }));
  let httpErrors = 0;
  const statusCounts = new Map<number, number>();
  const post = (person: Person, conversationId: string, clientId: string, content: string) =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({ content, clientId });
      const url = new URL(`${urls[person.instance]}/api/v1/conversations/${conversationId}/messages`);
      const req = http.request(
        url,
        {
          method: 'POST',
          agent: agents[person.instance],
          headers: { cookie: person.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          statusCounts.set(res.statusCode!, (statusCounts.get(res.statusCode!) ?? 0) + 1);
          if (res.statusCode !== 201) httpErrors++;
          res.resume();
          res.on('end', () => resolve());
        },
      );
      req.on('error', () => {
        httpErrors++;
        resolve();
      });
      req.end(body);
    });

  const inflight: Promise<void>[] = [];
  const tickMs = 20;
  const directPerTick = (directPerSecond * tickMs) / 1000;
  const groupEveryTicks = Math.max(1, Math.round(1000 / groupPerSecond / tickMs));
  let directSent = 0;
  let groupSent = 0;
  let warmupSent = 0;
  let debt = 0;
  /** Sends at the set rates for `duration` seconds; `measured` says whether the deliveries count in the latencies. */
  const drive = async (duration: number, measured: boolean) => {
    const ticks = (duration * 1000) / tickMs;
    const begin = performance.now();
    for (let tick = 0; tick < ticks; tick++) {
      debt += directPerTick;
      while (debt >= 1) {
        debt--;
        const n = directSent + warmupSent;
        const pair = pairs[n % pairs.length]!;
        const from = people[n % 2 ? pair.b : pair.a]!;
        const clientId = `d${n}-${crypto.randomUUID()}`;
        sent.set(clientId, { start: performance.now(), expected: 2, kind: 'direct', measured });
        inflight.push(post(from, pair.id, clientId, `direct message ${n}`));
        if (measured) directSent++;
        else warmupSent++;
      }
      if (tick % groupEveryTicks === 0) {
        const n = groupSent + warmupSent;
        const from = people[group.members[n % group.members.length]!]!;
        const clientId = `g${n}-${crypto.randomUUID()}`;
        sent.set(clientId, { start: performance.now(), expected: group.members.length, kind: 'group', measured });
        inflight.push(post(from, group.id, clientId, `group message ${n}`));
        if (measured) groupSent++;
        else warmupSent++;
      }
      const next = begin + (tick + 1) * tickMs;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };
  if (warmupSeconds > 0) await drive(warmupSeconds, false);
  const start = performance.now();
  await drive(seconds, true);
  const sendSeconds = (performance.now() - start) / 1000;
  await Promise.all(inflight);
  await new Promise((r) => setTimeout(r, 3000)); // stragglers

  let expected = 0;
  let unique = 0;
  for (const [clientId, s] of sent) {
    expected += s.expected;
    for (let i = 0; i < people.length; i++) if (received.has(`${clientId}|${i}`)) unique++;
  }
  const report = (kind: 'direct' | 'group') => {
    const sorted = latencies[kind].sort((a, b) => a - b);
    const f = (n: number) => `${n.toFixed(1)} ms`;
    return `${kind}: ${sorted.length} deliveries, p50 ${f(percentile(sorted, 50))}, p95 ${f(percentile(sorted, 95))}, p99 ${f(percentile(sorted, 99))}, max ${f(sorted[sorted.length - 1] ?? NaN)}`;
  };
  process.stdout.write(
    [
      `sent ${directSent} direct + ${groupSent} group messages in ${sendSeconds.toFixed(1)} s, after ${warmupSent} in a ${warmupSeconds} s warm-up (HTTP statuses: ${JSON.stringify(Object.fromEntries(statusCounts))}, errors ${httpErrors})`,
      report('direct'),
      report('group'),
      `expected deliveries ${expected}, delivered ${unique}, lost ${expected - unique}, duplicated ${duplicates}`,
      '',
    ].join('\n'),
  );

  for (const ws of sockets) ws.terminate();
  for (const agent of agents) agent.destroy();
  for (const { child } of started) await stopServer(child);
}

async function main() {
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-rt-pglite-'));
  const pglite = await openDatabase({ pgliteDir });
  await migrateDatabase(pglite);
  try {
    await runScenario('PGlite, one instance', pglite, [{ BENCH_PGLITE_DIR: pgliteDir, DATABASE_URL: '' }]);
  } finally {
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  }

  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stdout.write('\n(Set DATABASE_URL to also run two instances sharing PostgreSQL.)\n');
    return;
  }
  const name = `gb_bench_rt_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const seedDb = await openDatabase({ databaseUrl: dbUrl.toString() });
  try {
    await migrateDatabase(seedDb);
    const env = { DATABASE_URL: dbUrl.toString() };
    await runScenario('PostgreSQL, two instances (sockets split across them)', seedDb, [env, env]);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
