// Carries realtime events to the sockets of their recipients on every app
// instance: in-process on PGlite, PostgreSQL LISTEN/NOTIFY on a server.
// Callers publish only after their transaction commits (STYLE rule 10).
// NOTIFY payloads are small: a big message travels as its id; any other big
// event (a conversation with many members) travels in parts, reassembled by
// each receiving instance.
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { ServerEvent } from '@grantbridge/contract/realtime-events';
import { isConnectionLost } from '../db/connection-loss';

export type RealtimeDelivery = { recipients: string[]; event: ServerEvent };
type Listener = (delivery: RealtimeDelivery) => void;
/** Between instances only, never to browsers: sessions ended (signed out), to forget and disconnect. */
export type BusControl =
  | {
      type: 'sessions.ended';
      userId: string;
      /** Only this session; without it, every session of the user … */
      sessionId?: string;
      /** … except this one (a password change keeps the session that made it). */
      exceptSessionId?: string;
    }
  | {
      /** The account's name, title, department or setup state changed: cached sessions are read again. */
      type: 'account.changed';
      userId: string;
    };
type ControlListener = (control: BusControl) => void;
/** Rebuilds an event too big for a NOTIFY payload from the database, by id. */
export type EventLoader = (id: string) => Promise<RealtimeDelivery | null>;

export type RealtimeBus = {
  kind: 'memory' | 'postgres';
  /** Identifies this app instance; its own notifications come back to it and are skipped. */
  instanceId: string;
  publish: (recipients: string[], event: ServerEvent, ref?: { id: string }) => Promise<void>;
  subscribe: (listener: Listener) => () => void;
  /** Tells every instance, this one included, about ended sessions. */
  publishControl: (control: BusControl) => Promise<void>;
  onControl: (listener: ControlListener) => () => void;
  /** Called when this instance may have missed events from others (its LISTEN connection dropped). */
  onResync: (listener: () => void) => () => void;
  setLoader: (type: ServerEvent['type'], loader: EventLoader) => void;
  /** How many events this instance has published (to at least one recipient), for /metrics. */
  publishedCount: () => number;
  close: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeBus;
  }
}

export const realtimeChannel = 'gb_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay well below. */
const maxPayloadBytes = 7000;
const recipientsPerNotify = 100;
/** Bytes of a big event per NOTIFY part; base64 makes 4/3 of it, well under the limit. */
const partBytes = 4500;
/** A big event is at most this many parts (about 290 KB); anything bigger is refused. */
const maxParts = 64;
/** Parts of an event still incomplete after this long are dropped (their sender failed mid-way). */
const partsTimeoutMs = 30_000;

type Delivery = { o: string; r: string[]; e: ServerEvent };
type Part = { o: string; part: { k: string; i: number; n: number; d: string } };
type Wire =
  | Delivery
  | { o: string; ref: { type: ServerEvent['type']; id: string } }
  | { o: string; c: BusControl }
  | Part;

function createLocal() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (delivery: RealtimeDelivery) => {
    if (delivery.recipients.length) emitter.emit('event', delivery);
  };
  const subscribe = (listener: Listener) => {
    emitter.on('event', listener);
    return () => void emitter.off('event', listener);
  };
  const onResync = (listener: () => void) => {
    emitter.on('resync', listener);
    return () => void emitter.off('resync', listener);
  };
  const control = (c: BusControl) => void emitter.emit('control', c);
  const onControl = (listener: ControlListener) => {
    emitter.on('control', listener);
    return () => void emitter.off('control', listener);
  };
  return { emitter, deliver, subscribe, onResync, control, onControl };
}

export function createMemoryBus(): RealtimeBus {
  const local = createLocal();
  let published = 0;
  return {
    kind: 'memory',
    instanceId: crypto.randomUUID(),
    publish: async (recipients, event) => {
      if (recipients.length) published++;
      local.deliver({ recipients, event });
    },
    subscribe: local.subscribe,
    publishControl: async (control) => local.control(control),
    onControl: local.onControl,
    onResync: local.onResync,
    setLoader: () => undefined,
    publishedCount: () => published,
    close: async () => undefined,
  };
}

/**
 * Delivers to local sockets at once and NOTIFYs the other instances; each
 * instance ignores notifications carrying its own id, so every recipient gets
 * an event exactly once wherever its sockets are.
 */
export function createPostgresBus(
  pool: pg.Pool,
  log: FastifyInstance['log'],
): RealtimeBus & { ready: Promise<void> } {
  const instanceId = crypto.randomUUID();
  const local = createLocal();
  const loaders = new Map<string, EventLoader>();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let retryTimer: NodeJS.Timeout | undefined;
  let everConnected = false;
  let published = 0;
  /** Big events being reassembled, by sender instance and event key. */
  const partials = new Map<string, { parts: (string | undefined)[]; got: number; since: number }>();

  const parse = (text: string): Wire | null => {
    try {
      return JSON.parse(text) as Wire;
    } catch {
      log.warn('realtime: unreadable notification skipped');
      return null;
    }
  };

  /** Collects one part of a big event; returns the whole event once its last part is in. */
  const collect = ({ o, part }: Part): Wire | null => {
    const now = Date.now();
    for (const [key, entry] of partials) {
      if (now - entry.since > partsTimeoutMs) partials.delete(key);
    }
    const { k, i, n, d } = part;
    if (!Number.isInteger(n) || n < 1 || n > maxParts || !Number.isInteger(i) || i < 0 || i >= n)
      return null;
    const key = `${o}:${k}`;
    let entry = partials.get(key);
    if (!entry) {
      entry = { parts: new Array<string | undefined>(n), got: 0, since: now };
      partials.set(key, entry);
    }
    if (entry.parts[i] === undefined) {
      entry.parts[i] = d;
      entry.got += 1;
    }
    if (entry.got < n) return null;
    partials.delete(key);
    return parse(
      Buffer.concat(entry.parts.map((p) => Buffer.from(p ?? '', 'base64'))).toString('utf8'),
    );
  };

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== realtimeChannel || !msg.payload) return;
    let wire = parse(msg.payload);
    if (!wire || wire.o === instanceId) return;
    if ('part' in wire) {
      wire = collect(wire);
      if (!wire || 'part' in wire) return;
    }
    if ('c' in wire) {
      local.control(wire.c);
      return;
    }
    if ('e' in wire) {
      local.deliver({ recipients: wire.r, event: wire.e });
      return;
    }
    const loader = loaders.get(wire.ref.type);
    if (!loader) return;
    loader(wire.ref.id)
      .then((delivery) => delivery && local.deliver(delivery))
      .catch((err) => log.error({ err }, 'realtime: loading a referenced event failed'));
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client(pool.options);
    next.on('notification', onNotification);
    next.on('error', (err) => {
      log.warn({ err }, 'realtime: LISTEN connection lost; reconnecting');
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (client === next) client = null;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${realtimeChannel}`);
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = 250;
    // Anything published by other instances while we were not listening is lost: clients must refetch.
    if (everConnected) local.emitter.emit('resync');
    everConnected = true;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((err) => {
        log.warn({ err }, 'realtime: LISTEN reconnect failed');
        retryMs = Math.min(retryMs * 2, 10_000);
        scheduleReconnect();
      });
    }, retryMs);
    retryTimer.unref();
  };

  /**
   * Sends on a fresh connection when the one used was lost (a restart, ended
   * backends): a NOTIFY sent twice is harmless, one never sent is an event
   * other instances miss.
   */
  const withRetry = async (send: () => Promise<void>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await send();
      } catch (err) {
        if (attempt >= 4 || closed || !isConnectionLost(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  };

  const notify = (wire: Wire) =>
    withRetry(async () => {
      await pool.query('SELECT pg_notify($1, $2)', [realtimeChannel, JSON.stringify(wire)]);
    });

  /** Sends a delivery too big for one NOTIFY in parts, in one transaction so they arrive together. */
  const notifyInParts = async (delivery: Delivery) => {
    const bytes = Buffer.from(JSON.stringify(delivery), 'utf8');
    const n = Math.ceil(bytes.length / partBytes);
    if (n > maxParts) {
      log.error(
        { type: delivery.e.type, bytes: bytes.length },
        'realtime: event too large to send to other instances',
      );
      return;
    }
    const k = crypto.randomUUID();
    await withRetry(async () => {
      const conn = await pool.connect();
      let failed: unknown;
      try {
        await conn.query('BEGIN');
        for (let i = 0; i < n; i++) {
          const d = bytes.subarray(i * partBytes, (i + 1) * partBytes).toString('base64');
          const part: Part = { o: instanceId, part: { k, i, n, d } };
          await conn.query('SELECT pg_notify($1, $2)', [realtimeChannel, JSON.stringify(part)]);
        }
        await conn.query('COMMIT');
      } catch (err) {
        failed = err;
        await conn.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        // A connection that failed is not handed out again.
        conn.release(failed instanceof Error && isConnectionLost(failed) ? failed : undefined);
      }
    });
  };

  const publish = async (recipients: string[], event: ServerEvent, ref?: { id: string }) => {
    if (!recipients.length) return;
    published++;
    local.deliver({ recipients, event });
    if (closed) return;
    const eventBytes = Buffer.byteLength(JSON.stringify(event));
    try {
      if (eventBytes > maxPayloadBytes / 2) {
        if (ref && loaders.has(event.type))
          await notify({ o: instanceId, ref: { type: event.type, id: ref.id } });
        else await notifyInParts({ o: instanceId, r: recipients, e: event });
        return;
      }
      for (let i = 0; i < recipients.length; i += recipientsPerNotify) {
        await notify({ o: instanceId, r: recipients.slice(i, i + recipientsPerNotify), e: event });
      }
    } catch (err) {
      log.error(
        { err, type: event.type },
        'realtime: NOTIFY failed; other instances miss this event',
      );
    }
  };

  const publishControl = async (control: BusControl) => {
    local.control(control);
    if (closed) return;
    try {
      await notify({ o: instanceId, c: control });
    } catch (err) {
      log.error({ err, type: control.type }, 'realtime: NOTIFY of a control message failed');
    }
  };

  const ready = connect().catch((err) => {
    log.warn({ err }, 'realtime: LISTEN connection failed; retrying');
    scheduleReconnect();
  });

  return {
    kind: 'postgres',
    instanceId,
    ready,
    publish,
    subscribe: local.subscribe,
    publishControl,
    onControl: local.onControl,
    onResync: local.onResync,
    setLoader: (type, loader) => void loaders.set(type, loader),
    publishedCount: () => published,
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('notification');
        current.removeAllListeners('error');
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}

/** Decorates app.realtime; the bus stops listening when the app closes (it holds its own connection, not a pool one). */
export const realtimeBusPlugin = fp(
  async function realtimeBus(app) {
    if (app.database.kind === 'postgres' && app.database.pool) {
      const bus = createPostgresBus(app.database.pool, app.log);
      await bus.ready;
      app.decorate('realtime', bus as RealtimeBus);
    } else {
      app.decorate('realtime', createMemoryBus());
    }
    app.addHook('onClose', async () => {
      await app.realtime.close();
    });
  },
  { name: 'realtime-bus', decorators: { fastify: ['database'] } },
);
