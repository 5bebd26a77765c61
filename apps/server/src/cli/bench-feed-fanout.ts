// The fan-out half of `npm run bench:feed`: every member of one institution
// holds a WebSocket to /api/v1/realtime on app instances in child processes
// (bench-realtime-server.ts, as `bench:realtime` runs them); one member posts
// through POST /api/v1/posts at a steady pace, then a few others like those
// posts. Each socket records when each `feed.post.created` and
// `feed.post.updated` arrives. Latency = request start to socket receipt;
// every member is in each post's audience, so each event is expected once on
// every socket.
import crypto from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { queryRows, type Db } from '../db/client';
import { startServer, stopServer } from './bench-servers';
import { sessions } from '../db/schema/auth';
import { hashToken, newToken } from '../lib/tokens';
import { createInstitution } from '../modules/institutions/institutions.service';

/** Nearest rank. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;
export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};
export const describe = (s: ReturnType<typeof stats>) =>
  `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`;
const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));

export type Member = { id: string; cookie: string };

/** An onboarded institution of `count` researchers, each signed in (sessions written directly). */
export async function seedFanoutInstitution(db: Db, count: number): Promise<Member[]> {
  const tag = crypto.randomBytes(3).toString('hex');
  const institution = await createInstitution(db, {
    name: `Bench Fan-out University ${tag}`,
    domains: [`fanout${tag}.example.edu`],
    onboarded: true,
  });
  const rows = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO users (institution_id, email, role, name, title, setup_complete, last_sign_in_at)
      SELECT ${institution!.id}, 'member' || n || '@fanout' || ${tag} || '.example.edu', 'researcher',
        'Member ' || n, 'Research Scientist', true, now()
      FROM generate_series(0, ${count - 1}::int) AS n
      RETURNING id`,
  );
  const tokens = rows.map(() => newToken());
  const day = 24 * 3600 * 1000;
  for (let i = 0; i < rows.length; i += 250) {
    await db.insert(sessions).values(
      rows.slice(i, i + 250).map((u, j) => ({
        tokenHash: hashToken(tokens[i + j]!),
        userId: u.id,
        expiresAt: new Date(Date.now() + day),
        idleExpiresAt: new Date(Date.now() + day),
      })),
    );
  }
  return rows.map((u, i) => ({ id: u.id, cookie: `gb_session=${tokens[i]}` }));
}


function request(agent: http.Agent, url: string, method: string, cookie: string, body?: object) {
  return new Promise<{ status: number; text: string }>((resolve) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const headers: http.OutgoingHttpHeaders = { cookie };
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    const req = http.request(new URL(url), { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', (err) => resolve({ status: 0, text: String(err) }));
    req.end(payload);
  });
}

export type Deliveries = {
  sent: number;
  expected: number;
  delivered: number;
  lost: number;
  duplicated: number;
  latency: ReturnType<typeof stats>;
  /** The same latencies by the instance holding the socket (the poster's is the first). */
  byInstance: ReturnType<typeof stats>[];
};
export type FanoutResult = { sockets: number; connectMs: number; created: Deliveries; updated: Deliveries & { wrongCounts: number }; statuses: Record<number, number> };

export type FanoutOptions = { posts: number; intervalMs: number; likes: number; settleMs: number; stragglersMs: number };

/** Starts one instance per entry of `servers`, spreads the members' sockets across them and measures. */
export async function runFanout(members: Member[], servers: Record<string, string>[], options: FanoutOptions): Promise<FanoutResult> {
  const started = await Promise.all(servers.map((env) => startServer(env)));
  const urls = started.map((s) => s.url);
  const agents = urls.map(() => new http.Agent({ keepAlive: true, maxSockets: 16 }));
  const instanceOf = (i: number) => i % urls.length;
  // event kind|post id -> socket index -> first receipt; repeats are counted, not kept.
  const receipts = new Map<string, Map<number, number>>();
  const duplicates = { c: 0, u: 0 };
  const likeCounts = new Map<string, number[]>();
  const sockets: WebSocket[] = [];
  try {
    const connectStart = performance.now();
    for (let i = 0; i < members.length; i += 50) {
      await Promise.all(
        members.slice(i, i + 50).map(
          (member, j) =>
            new Promise<void>((resolve, reject) => {
              const index = i + j;
              const ws = new WebSocket(`${urls[instanceOf(index)]!.replace('http', 'ws')}/api/v1/realtime`, {
                headers: { cookie: member.cookie },
              });
              ws.on('message', (raw) => {
                const at = performance.now();
                const event = JSON.parse(raw.toString()) as { type: string; data: { id?: string; likeCount?: number } };
                const kind = event.type === 'feed.post.created' ? 'c' : event.type === 'feed.post.updated' ? 'u' : null;
                if (!kind || !event.data.id) return;
                const key = `${kind}|${event.data.id}`;
                let bySocket = receipts.get(key);
                if (!bySocket) receipts.set(key, (bySocket = new Map()));
                if (bySocket.has(index)) {
                  duplicates[kind]++;
                  return;
                }
                bySocket.set(index, at);
                if (kind === 'u') {
                  const seen = likeCounts.get(event.data.id) ?? [];
                  seen.push(event.data.likeCount ?? -1);
                  likeCounts.set(event.data.id, seen);
                }
              });
              ws.once('open', () => resolve());
              ws.once('error', reject);
              sockets.push(ws);
            }),
        ),
      );
    }
    const connectMs = performance.now() - connectStart;
    process.stdout.write(`connected ${sockets.length} sockets across ${urls.length} instance(s) in ${connectMs.toFixed(0)} ms\n`);
    await sleep(options.settleMs);

    const statuses: Record<number, number> = {};
    const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
    // Warm-up, not counted: each instance's keep-alive connection is opened, as a browser already has it.
    for (const [i, url] of urls.entries()) await request(agents[i]!, `${url}/api/v1/feed?limit=1`, 'GET', members[i]!.cookie);

    const author = members[0]!;
    const postStarts: number[] = [];
    const postIds: (string | null)[] = [];
    const inflight: Promise<void>[] = [];
    const begin = performance.now();
    for (let n = 0; n < options.posts; n++) {
      const wait = begin + n * options.intervalMs - performance.now();
      if (wait > 0) await sleep(wait);
      postStarts[n] = performance.now();
      postIds[n] = null;
      inflight.push(
        request(agents[0]!, `${urls[0]}/api/v1/posts`, 'POST', author.cookie, { content: `Fan-out bench post ${n} 🛰️` }).then((res) => {
          count(res.status);
          if (res.status === 201) postIds[n] = (JSON.parse(res.text) as { item: { id: string } }).item.id;
        }),
      );
    }
    await Promise.all(inflight);
    await sleep(1000);

    // Likes: member n+1 likes post n, one every interval; each changes one post's count to 1.
    const likeStarts = new Map<string, number>();
    const likeBegin = performance.now();
    const likeRequests: Promise<void>[] = [];
    const likable = postIds.filter((id): id is string => !!id).slice(0, Math.min(options.likes, members.length - 1));
    for (const [n, id] of likable.entries()) {
      const wait = likeBegin + n * options.intervalMs - performance.now();
      if (wait > 0) await sleep(wait);
      const liker = n + 1;
      likeStarts.set(id, performance.now());
      likeRequests.push(
        request(agents[instanceOf(liker)]!, `${urls[instanceOf(liker)]}/api/v1/posts/${id}/like`, 'PUT', members[liker]!.cookie).then((res) => {
          count(res.status);
        }),
      );
    }
    await Promise.all(likeRequests);
    await sleep(options.stragglersMs);

    const tally = (kind: 'c' | 'u', starts: Map<string, number>): Deliveries => {
      const latencies: number[] = [];
      const perInstance = urls.map(() => [] as number[]);
      let delivered = 0;
      for (const [id, start] of starts) {
        for (const [socket, at] of receipts.get(`${kind}|${id}`) ?? []) {
          delivered++;
          latencies.push(at - start);
          perInstance[instanceOf(socket)]!.push(at - start);
        }
      }
      const expected = starts.size * sockets.length;
      return {
        sent: starts.size,
        expected,
        delivered,
        lost: expected - delivered,
        duplicated: duplicates[kind],
        latency: stats(latencies),
        byInstance: perInstance.map(stats),
      };
    };
    const createdStarts = new Map<string, number>();
    postIds.forEach((id, n) => id && createdStarts.set(id, postStarts[n]!));
    const created = tally('c', createdStarts);
    created.sent = options.posts; // a post refused by the server counts as sent, and its deliveries as lost
    created.expected = options.posts * sockets.length;
    created.lost = created.expected - created.delivered;
    const updated = tally('u', likeStarts);
    const wrongCounts = [...likeStarts.keys()].flatMap((id) => likeCounts.get(id) ?? []).filter((c) => c !== 1).length;
    return { sockets: sockets.length, connectMs, created, updated: { ...updated, wrongCounts }, statuses };
  } finally {
    for (const ws of sockets) ws.terminate();
    for (const agent of agents) agent.destroy();
    for (const { child } of started) await stopServer(child);
  }
}
