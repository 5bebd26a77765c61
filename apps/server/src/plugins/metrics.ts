// GET /metrics: the Prometheus text an IT team scrapes (prom-client), only
// with `Authorization: Bearer METRICS_TOKEN` (decision 054). Unset, the path
// answers 404 not_found like any unknown one; a missing or wrong token gets
// 401 unauthenticated. Each app has its own registry (tests build many apps in
// one process); the process's own metrics (event-loop lag, memory, CPU, GC)
// are collected once per process and sent with every app's.
//
// Counted as requests are answered: latency by route pattern, method and
// status. Read at each scrape: realtime sockets and events (from the hub and
// the bus), the database pool, and from the database, with a few cheap
// queries, the outbox, pg-boss's job lag, the catalogue's last import and its
// scheduled refresh's last success and failure (decision 056). A
// query that fails is logged and counted in
// grantbridge_metrics_collect_errors_total; its labelled metrics are left out
// of that scrape and its unlabelled ones read 0. The scrape still answers.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows, type Db } from '../db/client';
import { sendProblem } from './problem';

export const metricsPath = '/metrics';

let processRegistry: Registry | undefined;

/** Event-loop lag, heap, CPU, GC…: one set per process, however many apps it builds (their observers are never removed). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether an Authorization header carries the token. Both sides are hashed
 * first, so the comparison takes one time whatever was sent, its length too.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
  const same = crypto.timingSafeEqual(digest(sent ?? ''), digest(token));
  return sent !== undefined && same;
}

type OutboxRow = { pending: number | string; oldest_seconds: number | string | null };
type JobLagRow = { queue: string; due: number | string; lag_seconds: number | string | null };

export type MetricsOptions = {
  /** When an import last changed the catalogue (the grants module's change log; infrastructure imports no module). */
  lastCatalogueChangeAt: (db: Db) => Promise<Date | null>;
  /** When the catalogue's refresh (the daily extract) last succeeded and last failed (the catalogue module's log). */
  lastCatalogueRefreshes: (db: Db) => Promise<{ ok: Date | null; failed: Date | null }>;
};

/** The database's side: what the gauges read at a scrape (jobs/outbox.ts's and jobs/scheduler.ts's tables, the catalogue). */
function databaseReaders(app: FastifyInstance, options: MetricsOptions) {
  return {
    outbox: () =>
      queryRows<OutboxRow>(
        app.db,
        sql`SELECT count(*) AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest_seconds
            FROM email_outbox WHERE status = 'pending'`,
      ).then(([row]) => ({ pending: Number(row?.pending ?? 0), oldestSeconds: Number(row?.oldest_seconds ?? 0) })),
    /**
     * Per pg-boss queue, the jobs due and not yet completed, and how long ago
     * the oldest of them became due (0: none). Before the scheduler first
     * started there is no pgboss schema, and nothing to report.
     */
    jobs: async () => {
      const [exists] = await queryRows<{ ready: boolean }>(app.db, sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS ready`);
      if (!exists?.ready) return [];
      const rows = await queryRows<JobLagRow>(
        app.db,
        sql`SELECT q.name AS queue, count(j.id) AS due,
              extract(epoch FROM now() - min(j.start_after))::float8 AS lag_seconds
            FROM pgboss.queue q
            LEFT JOIN pgboss.job j ON j.name = q.name AND j.state < 'completed' AND j.start_after <= now()
            GROUP BY q.name`,
      );
      return rows.map((r) => ({ queue: r.queue, due: Number(r.due), lagSeconds: Number(r.lag_seconds ?? 0) }));
    },
    /** Unix seconds; 0: no import at all. */
    catalogue: async () => ((await options.lastCatalogueChangeAt(app.db))?.getTime() ?? 0) / 1000,
    /** Unix seconds per outcome; 0: never. */
    refreshes: async () => {
      const at = await options.lastCatalogueRefreshes(app.db);
      return { ok: (at.ok?.getTime() ?? 0) / 1000, failed: (at.failed?.getTime() ?? 0) / 1000 };
    },
  };
}

/** The registry of one app, with the hook that times its requests; `scrape()` gives the text. */
export function createAppMetrics(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  const registers = [registry];
  const read = databaseReaders(app, options);

  const collectErrors = new Counter({
    name: 'grantbridge_metrics_collect_errors_total',
    help: 'Scrapes in which a group of database-backed metrics could not be read, by group (outbox, jobs, catalogue, refreshes).',
    labelNames: ['collector'],
    registers,
  });

  /**
   * One read of the database for every gauge of a group, per scrape. A scrape
   * starts them all before prom-client collects, so that the error counter,
   * read side by side with the gauges, already counts this scrape's failures.
   */
  let scrapeReads = new Map<string, Promise<unknown>>();
  const readOnce = <T>(group: keyof typeof read, load: () => Promise<T>): Promise<T | null> => {
    let pending = scrapeReads.get(group) as Promise<T | null> | undefined;
    if (!pending) {
      pending = load().catch((err: unknown) => {
        collectErrors.inc({ collector: group });
        app.log.warn({ err, collector: group }, 'metrics: a group of metrics could not be read; left out of this scrape');
        return null;
      });
      scrapeReads.set(group, pending);
    }
    return pending;
  };

  const requestDuration = new Histogram({
    name: 'grantbridge_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  new Gauge({
    name: 'grantbridge_realtime_sockets_open',
    help: 'Realtime sockets (/api/v1/realtime) open on this instance.',
    registers,
    collect() {
      this.set(app.realtimeHub.socketCount());
    },
  });
  /** A counter that follows a running total kept elsewhere. */
  const following = (name: string, help: string, total: () => number) => {
    let seen = 0;
    new Counter({
      name,
      help,
      registers,
      collect() {
        const now = total();
        if (now > seen) this.inc(now - seen);
        seen = now;
      },
    });
  };
  following(
    'grantbridge_realtime_events_published_total',
    'Realtime events this instance published (each to one or more people).',
    () => app.realtime.publishedCount(),
  );
  following(
    'grantbridge_realtime_events_delivered_total',
    "Realtime event frames written to this instance's sockets (one per socket an event reached).",
    () => app.realtimeHub.deliveredCount(),
  );

  const poolGauge = (name: string, help: string, value: () => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['database'],
      registers,
      collect() {
        this.reset();
        const v = value();
        if (v !== null) this.set({ database: app.database.kind }, v);
      },
    });
  // PGlite is one connection in this process, with no pool: it reports one connection of one, no idle or waiting count.
  const pool = () => app.database.pool;
  poolGauge('grantbridge_db_pool_connections', 'Database connections open (PGlite: its one connection).', () => pool()?.totalCount ?? 1);
  poolGauge('grantbridge_db_pool_max_connections', 'Most connections the pool opens (PGlite: 1).', () => {
    const open = pool();
    // pg's default when no max is given.
    return open ? (open.options.max ?? 10) : 1;
  });
  poolGauge('grantbridge_db_pool_idle_connections', 'Open connections not in use (PostgreSQL only).', () => pool()?.idleCount ?? null);
  poolGauge(
    'grantbridge_db_pool_waiting_requests',
    'Queries waiting for a connection from the pool (PostgreSQL only).',
    () => pool()?.waitingCount ?? null,
  );

  /** A gauge set from one group's read; when the read failed, reset (no labelled samples; 0 without labels). */
  const fromDatabase = <T, L extends string = never>(
    name: string,
    help: string,
    group: keyof typeof read,
    load: () => Promise<T>,
    set: (gauge: Gauge<L>, value: T) => void,
    labelNames: L[] = [],
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        const value = await readOnce(group, load);
        this.reset();
        if (value !== null) set(this, value);
      },
    });

  fromDatabase('grantbridge_outbox_pending_messages', 'E-mails in the outbox not yet sent (due now or waiting to retry).', 'outbox', read.outbox, (g, v) =>
    g.set(v.pending),
  );
  fromDatabase(
    'grantbridge_outbox_oldest_pending_age_seconds',
    'Age of the oldest e-mail not yet sent (0: none).',
    'outbox',
    read.outbox,
    (g, v) => g.set(v.oldestSeconds),
  );
  fromDatabase(
    'grantbridge_job_lag_seconds',
    'Per scheduled-job queue (pg-boss), how long the oldest job due and not yet completed has been due (0: none).',
    'jobs',
    read.jobs,
    (g, rows) => rows.forEach((r) => g.set({ queue: r.queue }, r.lagSeconds)),
    ['queue'],
  );
  fromDatabase(
    'grantbridge_jobs_due',
    'Per scheduled-job queue (pg-boss), jobs due and not yet completed (waiting, retrying or running).',
    'jobs',
    read.jobs,
    (g, rows) => rows.forEach((r) => g.set({ queue: r.queue }, r.due)),
    ['queue'],
  );
  fromDatabase(
    'grantbridge_catalogue_last_import_timestamp_seconds',
    'When an import last changed the grants catalogue, in Unix seconds (its newest change-log entry; 0: never).',
    'catalogue',
    read.catalogue,
    (g, at) => g.set(at),
  );
  fromDatabase(
    'grantbridge_catalogue_last_refresh_timestamp_seconds',
    "When the catalogue's refresh from the daily extract last ended, by outcome (ok, failed), in Unix seconds (0: never).",
    'refreshes',
    read.refreshes,
    (g, at) => {
      g.set({ outcome: 'ok' }, at.ok);
      g.set({ outcome: 'failed' }, at.failed);
    },
    ['outcome'],
  );

  return {
    registry,
    /** Times a request by its route pattern (`/api/v1/grants/:id`, never the URL); "unmatched" for the 404 handler. */
    observe(method: string, route: string | undefined, statusCode: number, seconds: number) {
      requestDuration.observe({ method, route: route ?? 'unmatched', status_code: String(statusCode) }, seconds);
    },
    async scrape(): Promise<string> {
      scrapeReads = new Map();
      await Promise.all((Object.keys(read) as (keyof typeof read)[]).map((group) => readOnce(group, read[group] as () => Promise<unknown>)));
      const [own, ofProcess] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${ofProcess}\n${own}`;
    },
  };
}

/**
 * The route and the request timing hook. Needs the realtime hub and bus
 * (read at each scrape); registered after them in app.ts.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async function metrics(app, options) {
    const appMetrics = createAppMetrics(app, options);
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      if (route !== metricsPath) appMetrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    // Not part of the public API: left out of the OpenAPI document and the contract's endpoint table.
    app.get(metricsPath, { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
      const token = app.config.metricsToken;
      if (!token) return sendProblem(reply, 'not_found', `No route for ${request.method} ${metricsPath}.`);
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendProblem(reply, 'unauthenticated', 'The metrics need the header Authorization: Bearer <METRICS_TOKEN>.');
      }
      const text = await appMetrics.scrape();
      return reply.header('cache-control', 'no-store').type(Registry.PROMETHEUS_CONTENT_TYPE).send(text);
    });
  },
  {
    name: 'metrics',
    dependencies: ['realtime-bus', 'realtime-hub', 'problem'],
    decorators: { fastify: ['config', 'database', 'db'] },
  },
);
