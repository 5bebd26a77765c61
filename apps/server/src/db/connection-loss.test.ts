// PostgreSQL connections ended under two running instances while messages
// flow between them: every message sent is either delivered to the other
// instance's socket or followed there by a `resync` (the page refetches what
// it missed); a request caught by the loss answers 503 with Retry-After,
// never 500; the LISTEN connection comes back. On PGlite the database is in
// the process: there is no connection to lose, and the error mapping is
// checked on its own.
import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestAppPair, usingPostgres } from '../../test/test-app';
import { makePerson } from '../../test/factories';
import { openSocket, sleep } from '../../test/realtime-socket';
import { isConnectionLost } from './connection-loss';

describe('losing PostgreSQL connections', () => {
  it('tells a lost connection from a failed statement', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isConnectionLost(terminated)).toBe(true);
    expect(isConnectionLost(new Error('Failed query: select 1', { cause: terminated }))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionLost(new Error('Failed query', { cause: { code: '22P02' } }))).toBe(false);
  });

  it('answers 503 with Retry-After, not 500, when a request loses its connection', async () => {
    const t = await createTestApp({}, (app) => {
      app.get('/test/lost', async () => {
        throw new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') });
      });
      app.get('/test/broken', async () => {
        throw new Error('Failed query: select 1', { cause: Object.assign(new Error('syntax'), { code: '42601' }) });
      });
    });
    try {
      const lost = await t.app.inject({ method: 'GET', url: '/test/lost' });
      expect(lost.statusCode).toBe(503);
      expect(lost.json().code).toBe('service_unavailable');
      expect(lost.headers['retry-after']).toBe('2');
      const broken = await t.app.inject({ method: 'GET', url: '/test/broken' });
      expect(broken.statusCode).toBe(500);
      expect(broken.json().detail).not.toMatch(/syntax|select/);
    } finally {
      await t.close();
    }
  });

  it('loses no message between two instances while their connections are ended seven times', async () => {
    if (!usingPostgres) return; // Embedded: no connection to lose (the case above covers the mapping).
    const pair = await createTestAppPair();
    const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await killer.connect();
    try {
      await pair.b.app.listen({ port: 0, host: '127.0.0.1' });
      const urlB = `http://127.0.0.1:${(pair.b.app.server.address() as { port: number }).port}`;
      const a = await makePerson(pair.a.db, 'Ada');
      const b = await makePerson(pair.a.db, 'Bea', 'researcher', a.domain);
      const c = await makePerson(pair.a.db, 'Cy', 'researcher', a.domain);
      const d = await makePerson(pair.a.db, 'Dee', 'researcher', a.domain);
      // Three senders take turns (each person may send 30 messages in 10 s).
      const senders = [a, c, d];
      const made = await pair.a.app.inject({
        method: 'POST',
        url: '/api/v1/conversations',
        payload: { type: 'group', name: 'Lab', memberIds: [b.id, c.id, d.id] },
        headers: { cookie: a.cookie },
      });
      expect(made.statusCode).toBe(201);
      const id = made.json().conversation.id as string;
      const { rows } = await pair.a.app.database.pool!.query<{ name: string }>('SELECT current_database() AS name');
      const database = rows[0]!.name;
      const socket = await openSocket(urlB, { cookie: b.cookie });
      await sleep(100);

      const endBackends = () =>
        killer.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [database],
        );
      const sent: { id?: string; status: number; retryAfter?: string; code?: string; startedAt: number }[] = [];
      for (let i = 0; i < 60; i++) {
        if (i > 0 && i % 8 === 0) await endBackends();
        const startedAt = Date.now();
        const res = await pair.a.app.inject({
          method: 'POST',
          url: `/api/v1/conversations/${id}/messages`,
          payload: { content: `message ${i}`, clientId: crypto.randomUUID() },
          headers: { cookie: senders[i % 3]!.cookie },
        });
        const body = res.json();
        sent.push({
          status: res.statusCode,
          id: res.statusCode === 201 ? body.message.id : undefined,
          code: body.code,
          retryAfter: res.headers['retry-after'] as string | undefined,
          startedAt,
        });
        await sleep(20);
      }
      // The LISTEN connection is back: a message sent now arrives directly.
      await sleep(1500);
      const last = await pair.a.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/messages`,
        payload: { content: 'after the storm', clientId: crypto.randomUUID() },
        headers: { cookie: a.cookie },
      });
      expect(last.statusCode).toBe(201);
      await socket.waitFor('message.created', (e) => e.data.id === last.json().message.id);

      const failed = sent.filter((s) => s.status !== 201);
      for (const f of failed) {
        expect(f.status).toBe(503);
        expect(f.code).toBe('service_unavailable');
        expect(Number(f.retryAfter)).toBeGreaterThan(0);
      }
      const resyncs = socket.events
        .map((e, i) => ({ type: e.type, at: socket.arrivedAt[i]! }))
        .filter((e) => e.type === 'resync');
      const delivered = new Set(socket.of('message.created').map((e) => e.data.id));
      const stored = sent.filter((s) => s.status === 201);
      const direct = stored.filter((s) => delivered.has(s.id!));
      // A resync covers every message stored before it (the page refetches after it). A message is stored
      // at the earliest when its request starts, and its response may come back after the resync that
      // covers it (stored while B was not listening, B listening again, the resync, then the 201): so a
      // resync counts for a message when it arrives after the request started. Stored after B listens
      // again, a message is delivered directly.
      const covered = (s: (typeof stored)[number]) => resyncs.some((r) => r.at > s.startedAt);
      const caughtUp = stored.filter((s) => !delivered.has(s.id!) && covered(s));
      const lost = stored.filter((s) => !delivered.has(s.id!) && !covered(s));
      console.info(
        `connection loss: ${sent.length} sent, ${stored.length} stored, ${failed.length} answered 503, ` +
          `${direct.length} delivered, ${caughtUp.length} covered by ${resyncs.length} resync, ${lost.length} lost`,
      );
      expect(lost).toEqual([]);
      // The backends really were ended: each LISTEN loss tells the page to refetch.
      expect(resyncs.length).toBeGreaterThanOrEqual(1);
      expect(stored.length).toBeGreaterThan(50);
      socket.ws.close();
    } finally {
      await killer.end();
      await pair.close();
    }
  }, 60_000);
});
