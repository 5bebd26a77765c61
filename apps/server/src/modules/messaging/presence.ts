// Messaging's presence: who is online, across instances, shown to the people
// one shares a conversation with. The realtime hub (plugins/realtime-hub.ts)
// says when a user's first socket on this instance opens and their last one
// closes; this keeps the user's user_presence row for this instance and tells
// their peers. Every presenceHeartbeatMs each instance refreshes its rows and
// sweeps up the rows of instances that died (sweepStalePresence).
import type { FastifyInstance } from 'fastify';
import {
  deletePresence,
  deletePresenceOfInstance,
  deleteStalePresence,
  findOnlineUserIds,
  findPeerIds,
  touchPresenceOfInstance,
  upsertPresence,
} from './presence.repository';
import { presenceFreshSeconds, presenceHeartbeatMs } from './messaging.service';

/** Follows this instance's sockets until the app closes, then forgets the instance's presence. */
export function followPresence(app: FastifyInstance) {
  const { db, realtime: bus, realtimeHub: hub } = app;
  /** Presence changes of one user run one after another, so connect/disconnect bursts stay ordered. */
  const presenceQueue = new Map<string, Promise<void>>();

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

  const stopConnect = hub.onConnect((userId) => {
    void queuePresence(userId, async () => {
      if (!hub.isConnected(userId)) return;
      await upsertPresence(db, userId, bus.instanceId);
      await announce(userId, true);
    });
  });
  const stopDisconnect = hub.onDisconnect((userId) => {
    void queuePresence(userId, async () => {
      if (hub.isConnected(userId)) return;
      await deletePresence(db, userId, bus.instanceId);
      await announce(userId, false);
    });
  });

  const presenceTimer = setInterval(() => {
    touchPresenceOfInstance(db, bus.instanceId).catch((err) =>
      app.log.warn({ err }, 'realtime: presence heartbeat failed'),
    );
    sweepStalePresence(app).catch((err) =>
      app.log.warn({ err }, 'realtime: presence sweep failed'),
    );
  }, presenceHeartbeatMs);
  presenceTimer.unref();

  // After the hub has closed the sockets (its preClose runs first, on the root), before the database goes away.
  app.addHook('preClose', async () => {
    stopConnect();
    stopDisconnect();
    clearInterval(presenceTimer);
    await Promise.allSettled([...presenceQueue.values()]);
    await deletePresenceOfInstance(db, bus.instanceId).catch((err) =>
      app.log.warn({ err }, 'realtime: clearing presence failed'),
    );
  });
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
