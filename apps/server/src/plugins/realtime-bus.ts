// Carries realtime events to the sockets of their recipients on every app
// instance: in-process on PGlite, PostgreSQL LISTEN/NOTIFY on a server.
// Callers publish only after their transaction commits (STYLE rule 10).
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ServerEvent } from '@grantbridge/contract/messaging';

export type RealtimeDelivery = { recipients: string[]; event: ServerEvent };
type Listener = (delivery: RealtimeDelivery) => void;
/** Between instances only, never to browsers: sessions ended (signed out), to forget and disconnect. */
export type BusControl = { type: 'sessions.ended'; userId: string; sessionId?: string };
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

type Wire =
  | { o: string; r: string[]; e: ServerEvent }
  | { o: string; ref: { type: ServerEvent['type']; id: string } }
  | { o: string; c: BusControl };

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
  return {
    kind: 'memory',
    instanceId: crypto.randomUUID(),
    publish: async (recipients, event) => local.deliver({ recipients, event }),
    subscribe: local.subscribe,
    publishControl: async (control) => local.control(control),
    onControl: local.onControl,
    onResync: local.onResync,
    setLoader: () => undefined,
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

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== realtimeChannel || !msg.payload) return;
    let wire: Wire;
    try {
      wire = JSON.parse(msg.payload) as Wire;
    } catch {
      log.warn('realtime: unreadable notification skipped');
      return;
    }
    if (wire.o === instanceId) return;
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

  const notify = async (wire: Wire) => {
    await pool.query('SELECT pg_notify($1, $2)', [realtimeChannel, JSON.stringify(wire)]);
  };

  const publish = async (recipients: string[], event: ServerEvent, ref?: { id: string }) => {
    if (!recipients.length) return;
    local.deliver({ recipients, event });
    if (closed) return;
    const eventBytes = Buffer.byteLength(JSON.stringify(event));
    try {
      if (eventBytes > maxPayloadBytes / 2) {
        if (!ref || !loaders.has(event.type)) {
          log.error({ type: event.type, eventBytes }, 'realtime: event too large for NOTIFY and not loadable');
          return;
        }
        await notify({ o: instanceId, ref: { type: event.type, id: ref.id } });
        return;
      }
      for (let i = 0; i < recipients.length; i += recipientsPerNotify) {
        await notify({ o: instanceId, r: recipients.slice(i, i + recipientsPerNotify), e: event });
      }
    } catch (err) {
      log.error({ err, type: event.type }, 'realtime: NOTIFY failed; other instances miss this event');
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
export async function registerRealtimeBus(app: FastifyInstance) {
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
}
