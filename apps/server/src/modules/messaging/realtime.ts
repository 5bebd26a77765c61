// The sockets this instance holds: delivers bus events to the right users'
// sockets, keeps presence (per user, across instances), relays typing, and
// answers bad frames with an error event instead of dropping anyone.
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  clientFrameSchema,
  realtimeFrameMaxBytes,
  type ServerEvent,
} from '@grantbridge/contract/messaging';
import type { ErrorCode } from '@grantbridge/contract/errors';
import { closeCodes } from '@grantbridge/contract/realtime-socket';
import type { RealtimeDelivery } from '../../plugins/realtime-bus';
import {
  deletePresence,
  deletePresenceOfInstance,
  deleteStalePresence,
  findOnlineUserIds,
  findPeerIds,
  touchPresenceOfInstance,
  upsertPresence,
} from './presence.repository';
import {
  isConversationMember,
  otherMemberIds,
  presenceFreshSeconds,
  presenceHeartbeatMs,
} from './messaging.service';

type SocketUser = { id: string; name: string; sessionId: string };
type Client = {
  socket: WebSocket;
  user: SocketUser;
  alive: boolean;
  frames: { windowStart: number; count: number };
  lastTyping: Map<string, number>;
};

const pingEveryMs = 25_000;
/** A client that cannot keep up with this much unsent data is cut off rather than buffered forever. */
const maxBufferedBytes = 4 * 1024 * 1024;
const frameWindowMs = 10_000;
const maxFramesPerWindow = 60;
const typingEveryMs = 1_000;

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

export function createRealtimeHub(app: FastifyInstance) {
  const db = app.db;
  const bus = app.realtime;
  const byUser = new Map<string, Set<Client>>();
  /** Presence changes of one user run one after another, so connect/disconnect bursts stay ordered. */
  const presenceQueue = new Map<string, Promise<void>>();
  let closing = false;

  const sendRaw = (client: Client, text: string) => {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      socket.terminate();
      return;
    }
    socket.send(text);
  };
  const send = (client: Client, event: ServerEvent) => sendRaw(client, JSON.stringify(event));
  const sendError = (client: Client, code: ErrorCode, message: string) =>
    send(client, { type: 'error', data: { code, message } });

  const deliver = ({ recipients, event }: RealtimeDelivery) => {
    let text: string | undefined;
    for (const userId of recipients) {
      const clients = byUser.get(userId);
      if (!clients) continue;
      text ??= JSON.stringify(event);
      for (const client of clients) sendRaw(client, text);
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

  const queuePresence = (userId: string, work: () => Promise<void>) => {
    const previous = presenceQueue.get(userId) ?? Promise.resolve();
    const next = previous
      .then(work)
      .catch((err) => app.log.warn({ err, userId }, 'realtime: presence update failed'))
      .finally(() => {
        if (presenceQueue.get(userId) === next) presenceQueue.delete(userId);
      });
    presenceQueue.set(userId, next);
    return next;
  };

  const announce = async (userId: string, online: boolean) => {
    if (bus.kind !== 'memory') {
      // Another instance may still hold a socket for this user.
      const elsewhere = await findOnlineUserIds(db, [userId], presenceFreshSeconds, bus.instanceId);
      if (elsewhere.size) return;
    }
    const peers = await findPeerIds(db, userId);
    await bus.publish(peers, { type: 'presence.changed', data: { userId, online } });
  };

  const onTyping = async (client: Client, conversationId: string) => {
    const now = Date.now();
    if (now - (client.lastTyping.get(conversationId) ?? 0) < typingEveryMs) return;
    client.lastTyping.set(conversationId, now);
    if (client.lastTyping.size > 100) client.lastTyping.clear();
    if (!(await isConversationMember(db, conversationId, client.user.id))) {
      sendError(client, 'not_found', 'Conversation not found.');
      return;
    }
    const others = await otherMemberIds(db, conversationId, client.user.id);
    await bus.publish(others, {
      type: 'typing',
      data: { conversationId, userId: client.user.id, name: client.user.name },
    });
  };

  const onFrame = (client: Client, raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    const now = Date.now();
    if (now - client.frames.windowStart > frameWindowMs)
      client.frames = { windowStart: now, count: 0 };
    if (++client.frames.count > maxFramesPerWindow) {
      if (client.frames.count === maxFramesPerWindow + 1)
        sendError(client, 'rate_limited', 'Too many frames; slow down.');
      return;
    }
    const buffer = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw as ArrayBuffer);
    if (buffer.length > realtimeFrameMaxBytes) {
      sendError(client, 'payload_too_large', `Frames are at most ${realtimeFrameMaxBytes} bytes.`);
      return;
    }
    if (isBinary) {
      sendError(client, 'validation_failed', 'Frames are JSON text.');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(buffer.toString('utf8'));
    } catch {
      sendError(client, 'validation_failed', 'Frames are JSON text.');
      return;
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      sendError(
        client,
        'validation_failed',
        'Unknown or malformed frame; expected { type: "typing" | "ping", data }.',
      );
      return;
    }
    const frame = parsed.data;
    if (frame.type === 'ping') {
      send(client, { type: 'pong', data: {} });
      return;
    }
    onTyping(client, frame.data.conversationId.toLowerCase()).catch((err) =>
      app.log.warn({ err }, 'realtime: typing relay failed'),
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
      lastTyping: new Map(),
    };
    socket.on('message', (raw, isBinary) => {
      try {
        onFrame(client, raw, isBinary);
      } catch (err) {
        app.log.warn({ err }, 'realtime: frame handling failed');
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
    if (first) {
      void queuePresence(user.id, async () => {
        if (!byUser.has(user.id)) return;
        await upsertPresence(db, user.id, bus.instanceId);
        await announce(user.id, true);
      });
    }
  };

  const detach = (client: Client) => {
    const clients = byUser.get(client.user.id);
    if (!clients?.delete(client)) return;
    if (clients.size) return;
    byUser.delete(client.user.id);
    if (closing) return;
    void queuePresence(client.user.id, async () => {
      if (byUser.has(client.user.id)) return;
      await deletePresence(db, client.user.id, bus.instanceId);
      await announce(client.user.id, false);
    });
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

  const presenceTimer = setInterval(() => {
    touchPresenceOfInstance(db, bus.instanceId).catch((err) =>
      app.log.warn({ err }, 'realtime: presence heartbeat failed'),
    );
    sweepStalePresence(app).catch((err) =>
      app.log.warn({ err }, 'realtime: presence sweep failed'),
    );
  }, presenceHeartbeatMs);
  presenceTimer.unref();

  /** Closes every socket and forgets this instance's presence, before the database goes away. */
  const close = async () => {
    closing = true;
    clearInterval(pingTimer);
    clearInterval(presenceTimer);
    unsubscribe();
    unsubscribeResync();
    unsubscribeControl();
    for (const clients of byUser.values())
      for (const client of clients) client.socket.close(closeCodes.restarting, 'server restarting');
    byUser.clear();
    await Promise.allSettled([...presenceQueue.values()]);
    await deletePresenceOfInstance(db, bus.instanceId).catch((err) =>
      app.log.warn({ err }, 'realtime: clearing presence failed'),
    );
  };

  return {
    attach,
    close,
    /** For tests and the benchmark: how many sockets this instance holds. */
    socketCount: () => [...byUser.values()].reduce((n, s) => n + s.size, 0),
  };
}

/**
 * Announces offline the users of an instance that died without cleaning up:
 * its presence rows stop being refreshed, and the first instance to sweep
 * after they go stale removes them and tells each user's peers, once. Returns
 * the users announced.
 */
export async function sweepStalePresence(app: FastifyInstance): Promise<string[]> {
  const stale = await deleteStalePresence(app.db, presenceFreshSeconds);
  if (!stale.length) return [];
  const stillOnline = await findOnlineUserIds(app.db, stale, presenceFreshSeconds);
  const gone = stale.filter((userId) => !stillOnline.has(userId));
  for (const userId of gone) {
    const peers = await findPeerIds(app.db, userId);
    await app.realtime.publish(peers, {
      type: 'presence.changed',
      data: { userId, online: false },
    });
  }
  return gone;
}
