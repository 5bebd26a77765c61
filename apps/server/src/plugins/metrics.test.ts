// GET /metrics on the real app and its database (PGlite, or PostgreSQL with
// GB_TEST_DB=postgres): absent without METRICS_TOKEN, refused without the
// token, and with it the Prometheus text, whose numbers follow what the app
// did (requests by route pattern, queued mail, sockets and events, jobs, the
// catalogue), and which still answers when a query behind it fails.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../jobs/outbox';
import { openSocket } from '../../test/realtime-socket';
import { createTestApp, usingPostgres, type TestApp } from '../../test/test-app';
import { makeGrant, makePerson } from '../../test/factories';
import { bearerMatches } from './metrics';

const token = 'test-metrics-token-0123456789abcdef';

type Sample = { labels: Record<string, string>; value: number };

/** The samples of one metric in a Prometheus text exposition. */
function samples(text: string, name: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    found.push({ labels, value: Number(match[3]) });
  }
  return found;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function value(text: string, name: string, labels: Record<string, string> = {}) {
  return samples(text, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 not_found, as any unknown path, whatever the header', async () => {
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'not_found', detail: 'No route for GET /metrics.' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(() => t.close());

  it('refuses a missing, malformed or wrong token with 401 unauthenticated', async () => {
    for (const authorization of [undefined, token, `Basic ${token}`, 'Bearer ', `Bearer ${token}x`, `Bearer ${token.replace('0', '1')}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('grantbridge_');
    }
  });

  it('compares tokens whatever their lengths, and only as a Bearer credential', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token.slice(0, -1)}`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token} extra`, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
  });

  it('serves the Prometheus text with every metric named, and stays out of the API document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'grantbridge_http_request_duration_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'grantbridge_db_pool_connections',
      'grantbridge_db_pool_max_connections',
      'grantbridge_db_pool_idle_connections',
      'grantbridge_db_pool_waiting_requests',
      'grantbridge_realtime_sockets_open',
      'grantbridge_realtime_events_published_total',
      'grantbridge_realtime_events_delivered_total',
      'grantbridge_outbox_pending_messages',
      'grantbridge_outbox_oldest_pending_age_seconds',
      'grantbridge_job_lag_seconds',
      'grantbridge_jobs_due',
      'grantbridge_catalogue_last_import_timestamp_seconds',
      'grantbridge_metrics_collect_errors_total',
    ]) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('times each request under its route pattern, method and status, never the URL', async () => {
    const person = await makePerson(t.db);
    const grant = await makeGrant(t.db);
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/v1/grants/:id', status_code: '200' };
    const countBefore = value(before, 'grantbridge_http_request_duration_seconds_count', labels) ?? 0;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/grants/${grant.id}`, headers: { cookie: person.cookie } });
    expect(res.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/42' });
    const after = await scrape();
    expect(value(after, 'grantbridge_http_request_duration_seconds_count', labels)).toBe(countBefore + 1);
    expect(value(after, 'grantbridge_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(countBefore + 1);
    expect(value(after, 'grantbridge_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(value(after, 'grantbridge_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    // No raw URL becomes a label, and the scrapes themselves are not timed.
    expect(after).not.toContain(grant.id);
    expect(after).not.toContain('no-such-thing');
    expect(samples(after, 'grantbridge_http_request_duration_seconds_count').filter((s) => s.labels.route === '/metrics')).toEqual([]);
  });

  it('reports the outbox: a queued mail adds one, with the age of the oldest', async () => {
    const before = await scrape();
    const pending = value(before, 'grantbridge_outbox_pending_messages')!;
    await enqueueEmail(t.db, { to: 'someone@example.edu', subject: 'Hello', text: 'Queued for the metrics test.' });
    await t.db.execute(sql`UPDATE email_outbox SET created_at = now() - interval '90 seconds' WHERE subject = 'Hello'`);
    const after = await scrape();
    expect(value(after, 'grantbridge_outbox_pending_messages')).toBe(pending + 1);
    expect(value(after, 'grantbridge_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(90);
    await t.app.outbox.drain();
    expect(value(await scrape(), 'grantbridge_outbox_pending_messages')).toBe(pending);
  });

  it('reports the database pool', async () => {
    const text = await scrape();
    const kind = usingPostgres ? 'postgres' : 'pglite';
    expect(value(text, 'grantbridge_db_pool_max_connections', { database: kind })).toBe(usingPostgres ? 10 : 1);
    expect(value(text, 'grantbridge_db_pool_connections', { database: kind })).toBeGreaterThanOrEqual(1);
    if (usingPostgres) {
      expect(value(text, 'grantbridge_db_pool_idle_connections', { database: kind })).toBeGreaterThanOrEqual(0);
      expect(value(text, 'grantbridge_db_pool_waiting_requests', { database: kind })).toBe(0);
    } else {
      expect(samples(text, 'grantbridge_db_pool_idle_connections')).toEqual([]);
    }
  });

  it('counts open sockets and the events published and delivered to them', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const person = await makePerson(t.db, 'Socket Holder');
    const before = await scrape();
    const socket = await openSocket(url, { cookie: person.cookie });
    try {
      const during = await scrape();
      expect(value(during, 'grantbridge_realtime_sockets_open')).toBe(1);
      await t.app.realtime.publish([person.id], { type: 'resync', data: {} });
      await socket.waitFor('resync');
      const after = await scrape();
      const delta = (name: string) => value(after, name)! - value(before, name)!;
      expect(delta('grantbridge_realtime_events_published_total')).toBe(1);
      expect(delta('grantbridge_realtime_events_delivered_total')).toBe(1);
    } finally {
      socket.ws.close();
      await socket.closed;
    }
    await expect.poll(async () => value(await scrape(), 'grantbridge_realtime_sockets_open')).toBe(0);
  });

  it('reports when an import last changed the catalogue', async () => {
    await makeGrant(t.db);
    const at = value(await scrape(), 'grantbridge_catalogue_last_import_timestamp_seconds')!;
    expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(120);
  });

  it("reports when the catalogue's refresh last succeeded and last failed", async () => {
    const refreshed = async () => {
      const text = await scrape();
      const at = (outcome: string) => value(text, 'grantbridge_catalogue_last_refresh_timestamp_seconds', { outcome });
      return { ok: at('ok'), failed: at('failed') };
    };
    expect(await refreshed()).toEqual({ ok: 0, failed: 0 });
    // The rows catalogue-refresh.ts writes as a run ends (this is infrastructure's test: it imports no module).
    const ended = (status: 'ok' | 'failed', trigger: 'schedule' | 'command') =>
      t.db.execute(sql`INSERT INTO catalogue_refreshes (trigger, status, finished_at) VALUES (${trigger}, ${status}, now())`);
    await ended('failed', 'schedule');
    const afterFailure = await refreshed();
    expect(afterFailure.ok).toBe(0);
    expect(Math.abs(afterFailure.failed! - Date.now() / 1000)).toBeLessThan(120);
    await ended('ok', 'command');
    const afterSuccess = await refreshed();
    expect(Math.abs(afterSuccess.ok! - Date.now() / 1000)).toBeLessThan(120);
    expect(afterSuccess.failed).toBe(afterFailure.failed);
  });

  it('reports each job queue once the scheduler has started', async () => {
    expect(samples(await scrape(), 'grantbridge_job_lag_seconds')).toEqual([]);
    await t.app.scheduler.start();
    try {
      const text = await scrape();
      const queues = samples(text, 'grantbridge_job_lag_seconds').map((s) => s.labels.queue);
      expect(queues).toEqual(expect.arrayContaining(['notifications-due', 'activity-years-check']));
      for (const s of samples(text, 'grantbridge_job_lag_seconds')) expect(s.value).toBeGreaterThanOrEqual(0);
      expect(value(text, 'grantbridge_jobs_due', { queue: 'activity-years-check' })).toBe(0);
    } finally {
      await t.app.scheduler.stop();
    }
  });

  it('still answers when a query fails: that group is counted as an error, the rest is served', async () => {
    await t.db.execute(sql`ALTER TABLE grant_changes RENAME TO grant_changes_away`);
    try {
      const text = await scrape();
      expect(value(text, 'grantbridge_metrics_collect_errors_total', { collector: 'catalogue' })).toBe(1);
      expect(value(text, 'grantbridge_catalogue_last_import_timestamp_seconds')).toBe(0);
      expect(value(text, 'grantbridge_outbox_pending_messages')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'grantbridge_http_request_duration_seconds_count', { route: '/api/v1/grants/:id' })).toBeGreaterThan(0);
    } finally {
      await t.db.execute(sql`ALTER TABLE grant_changes_away RENAME TO grant_changes`);
    }
    expect(value(await scrape(), 'grantbridge_catalogue_last_import_timestamp_seconds')).toBeGreaterThan(0);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
