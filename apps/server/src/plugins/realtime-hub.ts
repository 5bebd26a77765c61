// The realtime socket, /api/v1/realtime, for every module: the sockets this
// instance holds, by user. Delivers what the realtime bus carries (published
// here or, on PostgreSQL, on another instance) to the recipients' sockets,
// tells every socket to resync when the bus may have missed events, closes a
// socket whose session ended, pings to find dead lines, and reads client
// frames: a bad one is answered with an error event (nobody is dropped), a
// good one goes to the module that handles its type (`handle`). Modules hold
// no sockets: they publish on the bus after their commit (STYLE rule 10), and
// follow who is connected here with onConnect/onDisconnect (messaging's
// presence). Decorates app.realtimeHub.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { ErrorCode } from '@grantbridge/contract/errors';
import {
  clientFrameSchema,
  closeCodes,
  realtimeFrameMaxBytes,
  realtimePath,
  type ClientFrame,
  type ClientFrameType,
  type ServerEvent,
} from '@grantbridge/contract/realtime-events';
import { AppError } from '../errors';
import type { RealtimeBus, RealtimeDelivery } from './realtime-bus';
import { originAllowed, requireUser } from './session';

/** Who holds a socket: the session it was opened with ends it. */
export type SocketUser = { id: string; name: string; sessionId: string };

/** One open socket, as a module's frame handler sees it. */
export type RealtimeConnection = {
  readonly user: SocketUser;
  send: (event: ServerEvent) => void;
  sendError: (code: ErrorCode, message: string) => void;
};

/** Frame types a module handles; the hub answers `ping` itself. */
export type HandledFrameType = Exclude<ClientFrameType, 'ping'>;
export type FrameHandler<T extends HandledFrameType> = (
  connection: RealtimeConnection,
  frame: Extract<ClientFrame, { type: T }>,
) => void | Promise<void>;

type UserListener = (userId: string) => void;
type AnyFrameHandler = (connection: RealtimeConnection, frame: ClientFrame) => void | Promise<void>;

type Client = RealtimeConnection & {
  socket: WebSocket;
  alive: boolean;
  frames: { windowStart: number; count: number };
};

const pingEveryMs = 25_000;
/** A client that cannot keep up with this much unsent data is cut off rather than buffered forever. */
const maxBufferedBytes = 4 * 1024 * 1024;
const frameWindowMs = 10_000;
const maxFramesPerWindow = 60;

const frameTypes = clientFrameSchema.options.map((option) => `"${option.shape.type.value}"`);
const malformedFrame = `Unknown or malformed frame; expected { type: ${frameTypes.join(' | ')}, data }.`;

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The sockets of this instance (plugins/realtime-hub.ts); publish to them on app.realtime. */
    realtimeHub: RealtimeHub;
  }
}

export function createRealtimeHub(bus: RealtimeBus, log: FastifyBaseLogger) {
  const byUser = new Map<string, Set<Client>>();
  const handlers = new Map<string, AnyFrameHandler>();
  const connectListeners = new Set<UserListener>();
  const disconnectListeners = new Set<UserListener>();
  let closing = false;
  /** Event frames written to this instance's sockets (one per socket an event reached), for /metrics. */
  let delivered = 0;

  /** Whether the text went out (a closed or hopelessly behind socket gets nothing). */
  const sendRaw = (client: Client, text: string) => {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > maxBufferedBytes) {
      socket.terminate();
      return false;
    }
    socket.send(text);
    return true;
  };

  const deliver = ({ recipients, event }: RealtimeDelivery) => {
    let text: string | undefined;
    for (const userId of recipients) {
      const clients = byUser.get(userId);
      if (!clients) continue;
      text ??= JSON.stringify(event);
      for (const client of clients) if (sendRaw(client, text)) delivered++;
    }
  };
  const unsubscribe = bus.subscribe(deliver);
  const unsubscribeResync = bus.onResync(() => {
    const text = JSON.stringify({ type: 'resync', data: {} } satisfies ServerEvent);
    for (const clients of byUser.values()) for (const client of clients) sendRaw(client, text);
  });

  // A socket lives no longer than its session: signing out (here or on another instance) closes it.
  const unsubscribeControl = bus.onControl((control) => {
    if (control.type !== 'sessions.ended') return;
    for (const client of byUser.get(control.userId) ?? []) {
      const ended = control.sessionId
        ? client.user.sessionId === control.sessionId
        : client.user.sessionId !== control.exceptSessionId;
      if (ended) {
        client.socket.close(closeCodes.sessionEnded, 'session ended');
      }
    }
  });

  const tell = (listeners: Set<UserListener>, userId: string) => {
    for (const listener of listeners) {
      try {
        listener(userId);
      } catch (err) {
        log.warn({ err, userId }, 'realtime: a connection listener failed');
      }
    }
  };

  const onFrame = (client: Client, raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    const now = Date.now();
    if (now - client.frames.windowStart > frameWindowMs)
      client.frames = { windowStart: now, count: 0 };
    if (++client.frames.count > maxFramesPerWindow) {
      if (client.frames.count === maxFramesPerWindow + 1)
        client.sendError('rate_limited', 'Too many frames; slow down.');
      return;
    }
    const buffer = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw as ArrayBuffer);
    if (buffer.length > realtimeFrameMaxBytes) {
      client.sendError('payload_too_large', `Frames are at most ${realtimeFrameMaxBytes} bytes.`);
      return;
    }
    if (isBinary) {
      client.sendError('validation_failed', 'Frames are JSON text.');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(buffer.toString('utf8'));
    } catch {
      client.sendError('validation_failed', 'Frames are JSON text.');
      return;
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      client.sendError('validation_failed', malformedFrame);
      return;
    }
    const frame = parsed.data;
    if (frame.type === 'ping') {
      client.send({ type: 'pong', data: {} });
      return;
    }
    const handler = handlers.get(frame.type);
    if (!handler) {
      client.sendError('validation_failed', `Frames of type "${frame.type}" are not taken here.`);
      return;
    }
    Promise.resolve(handler(client, frame)).catch((err) =>
      log.warn({ err, type: frame.type }, 'realtime: frame handling failed'),
    );
  };

  const attach = (socket: WebSocket, user: SocketUser) => {
    if (closing) {
      socket.close(closeCodes.restarting, 'server restarting');
      return;
    }
    const client: Client = {
      socket,
      user: { id: user.id, name: user.name, sessionId: user.sessionId },
      alive: true,
      frames: { windowStart: Date.now(), count: 0 },
      send: (event) => sendRaw(client, JSON.stringify(event)),
      sendError: (code, message) => client.send({ type: 'error', data: { code, message } }),
    };
    socket.on('message', (raw, isBinary) => {
      try {
        onFrame(client, raw, isBinary);
      } catch (err) {
        log.warn({ err }, 'realtime: frame handling failed');
      }
    });
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => detach(client));

    let clients = byUser.get(user.id);
    const first = !clients;
    if (!clients) {
      clients = new Set();
      byUser.set(user.id, clients);
    }
    clients.add(client);
    if (first) tell(connectListeners, user.id);
  };

  const detach = (client: Client) => {
    const clients = byUser.get(client.user.id);
    if (!clients?.delete(client)) return;
    if (clients.size) return;
    byUser.delete(client.user.id);
    if (closing) return;
    tell(disconnectListeners, client.user.id);
  };

  const pingTimer = setInterval(() => {
    for (const clients of byUser.values()) {
      for (const client of clients) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
  }, pingEveryMs);
  pingTimer.unref();

  const listen = (listeners: Set<UserListener>, listener: UserListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  /** Closes every socket ("restarting"); modules' own cleanup runs after it (their preClose hooks). */
  const close = async () => {
    closing = true;
    clearInterval(pingTimer);
    unsubscribe();
    unsubscribeResync();
    unsubscribeControl();
    for (const clients of byUser.values())
      for (const client of clients) client.socket.close(closeCodes.restarting, 'server restarting');
    byUser.clear();
  };

  return {
    attach,
    close,
    /** Hands the client frames of one type to a module (one module per type). */
    handle: <T extends HandledFrameType>(type: T, handler: FrameHandler<T>) => {
      if (handlers.has(type)) throw new Error(`realtime: "${type}" frames already have a handler`);
      handlers.set(type, handler as unknown as AnyFrameHandler);
    },
    /** A user's first socket on this instance opened. */
    onConnect: (listener: UserListener) => listen(connectListeners, listener),
    /** A user's last socket on this instance closed (not at shutdown, when every socket goes). */
    onDisconnect: (listener: UserListener) => listen(disconnectListeners, listener),
    /** Whether the user holds a socket on this instance. */
    isConnected: (userId: string) => byUser.has(userId),
    /** For tests and the benchmark: how many sockets this instance holds. */
    socketCount: () => [...byUser.values()].reduce((n, s) => n + s.size, 0),
    /** How many event frames the bus's deliveries wrote to this instance's sockets. */
    deliveredCount: () => delivered,
  };
}

/**
 * The hub as a plugin: needs @fastify/websocket (registered before the
 * session hook, so that a refused upgrade's socket is closed), the session
 * (who opens a socket), the realtime bus (what it delivers) and the problem
 * handler (a refused upgrade is an AppError).
 */
export const realtimeHubPlugin = fp(
  async function realtimeHub(app: FastifyInstance) {
    const hub = createRealtimeHub(app.realtime, app.log);
    app.decorate('realtimeHub', hub);
    app.addHook('preClose', () => hub.close());
    app.get(
      realtimePath,
      {
        websocket: true,
        onRequest: async (request) => {
          // Browsers always send Origin on a WebSocket upgrade; only this site's pages may open one.
          if (!originAllowed(request, app.config.publicUrl)) {
            throw new AppError('forbidden', 'This connection came from another site and was refused.');
          }
        },
      },
      (socket, request) => hub.attach(socket, requireUser(request)),
    );
  },
  {
    name: 'realtime-hub',
    dependencies: ['@fastify/websocket', 'session', 'realtime-bus', 'problem'],
    decorators: { fastify: ['config'] },
  },
);
