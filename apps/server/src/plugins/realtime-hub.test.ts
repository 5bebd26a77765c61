// The realtime hub: on its own (a bare Fastify with stand-in session and bus
// plugins, as any module would use it), its place among the plugins it needs,
// and on the real app (sessions, bad frames, several instances).
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { closeCodes } from '@grantbridge/contract/realtime-events';
import type { Config } from '../config';
import { AppError } from '../errors';
import { openSocket, sleep, type Socket } from '../../test/realtime-socket';
import { createTestApp, createTestAppPair, usingPostgres, type TestApp } from '../../test/test-app';
import {
  makeInstitution,
  makePerson,
  makeUser,
  sessionCookie,
  signIn,
  type TestPerson,
} from '../../test/factories';
import { problemPlugin } from './problem';
import { createMemoryBus, realtimeBusPlugin, type RealtimeBus } from './realtime-bus';
import { realtimeHubPlugin, type RealtimeConnection } from './realtime-hub';
import { sessionPlugin } from './session';
import type { SessionUser } from './types';

/** A bus whose resync the test calls (the real one resyncs when its LISTEN connection comes back). */
function testBus() {
  const resyncListeners = new Set<() => void>();
  const bus: RealtimeBus = {
    ...createMemoryBus(),
    onResync: (listener) => {
      resyncListeners.add(listener);
      return () => void resyncListeners.delete(listener);
    },
  };
  return { bus, resync: () => resyncListeners.forEach((listener) => listener()) };
}

/** Signs in whoever names themselves in `x-user` (a stand-in for the session plugin). */
const testSession = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const id = request.headers['x-user'];
      if (typeof id !== 'string') throw new AppError('unauthenticated', 'Sign in to continue.');
      request.user = { id, name: `User ${id}`, sessionId: `session-${id}` } as SessionUser;
    });
  },
  { name: 'session' },
);

const busPlugin = (bus: RealtimeBus) =>
  fp(
    async (app) => {
      app.decorate('realtime', bus);
    },
    { name: 'realtime-bus' },
  );

async function bareHub(bus: RealtimeBus) {
  const app = Fastify();
  app.decorate('config', { publicUrl: undefined } as Config);
  await app.register(problemPlugin);
  await app.register(websocket);
  await app.register(busPlugin(bus));
  await app.register(testSession);
  await app.register(realtimeHubPlugin);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, open: (user: string) => openSocket(url, { 'x-user': user }) };
}

describe('the hub on its own', () => {
  let hub: Awaited<ReturnType<typeof bareHub>>;
  let bus: ReturnType<typeof testBus>;
  beforeAll(async () => {
    bus = testBus();
    hub = await bareHub(bus.bus);
  });
  afterAll(() => hub.app.close());

  it('delivers what is published on the bus to every socket of its recipients, and resync to every socket', async () => {
    const [a1, a2, b, c] = [await hub.open('a'), await hub.open('a'), await hub.open('b'), await hub.open('c')];
    expect(hub.app.realtimeHub.socketCount()).toBe(4);
    await bus.bus.publish(['a', 'b'], { type: 'notifications.read', data: { unreadCount: 3 } });
    for (const s of [a1, a2, b]) await s.waitFor('notifications.read');
    bus.resync();
    for (const s of [a1, a2, b, c]) await s.waitFor('resync');
    await sleep(50);
    expect(c.of('notifications.read')).toEqual([]);
    for (const s of [a1, a2, b, c]) s.ws.close();
    await Promise.all([a1, a2, b, c].map((s) => s.closed));
  });

  it('tells modules of a user’s first socket and last one, and hands them the frames of their type', async () => {
    const events: string[] = [];
    const stopConnect = hub.app.realtimeHub.onConnect((userId) => {
      if (userId === 'd') events.push('on');
    });
    const stopDisconnect = hub.app.realtimeHub.onDisconnect((userId) => {
      if (userId === 'd') events.push('off');
    });
    const s1 = await hub.open('d');
    // No module takes typing frames yet.
    const conversationId = crypto.randomUUID();
    s1.ws.send(JSON.stringify({ type: 'typing', data: { conversationId } }));
    expect((await s1.waitFor('error')).data.code).toBe('validation_failed');

    const seen: { user: RealtimeConnection['user']; conversationId: string }[] = [];
    hub.app.realtimeHub.handle('typing', (connection, frame) => {
      seen.push({ user: connection.user, conversationId: frame.data.conversationId });
      connection.send({ type: 'pong', data: {} });
    });
    expect(() => hub.app.realtimeHub.handle('typing', () => undefined)).toThrow(/already/);
    const s2 = await hub.open('d');
    s2.ws.send(JSON.stringify({ type: 'typing', data: { conversationId } }));
    await s2.waitFor('pong');
    expect(seen).toEqual([{ user: { id: 'd', name: 'User d', sessionId: 'session-d' }, conversationId }]);
    expect(hub.app.realtimeHub.isConnected('d')).toBe(true);

    s1.ws.close();
    await s1.closed;
    await sleep(50);
    expect(events).toEqual(['on']);
    s2.ws.close();
    await s2.closed;
    await sleep(50);
    expect(events).toEqual(['on', 'off']);
    expect(hub.app.realtimeHub.isConnected('d')).toBe(false);
    stopConnect();
    stopDisconnect();
  });

  it('closes the sockets of an ended session', async () => {
    const s = await hub.open('e');
    const other = await hub.open('f');
    await bus.bus.publishControl({ type: 'sessions.ended', userId: 'e', sessionId: 'session-e' });
    expect(await s.closed).toBe(4401);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    other.ws.close();
  });
});

describe('the plugins the hub needs', () => {
  const startWith = async (register: (app: FastifyInstance) => Promise<void>) => {
    const app = Fastify();
    try {
      await register(app);
      await app.ready();
    } finally {
      await app.close().catch(() => undefined);
    }
  };

  it('are registered first, or Fastify refuses to start', async () => {
    await expect(startWith(async (app) => void app.register(realtimeHubPlugin))).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE',
      message: "The decorator 'config' required by 'realtime-hub' is not present in Fastify",
    });
    await expect(
      startWith(async (app) => {
        app.decorate('config', { publicUrl: undefined } as Config);
        await app.register(realtimeHubPlugin);
      }),
    ).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: "The dependency '@fastify/websocket' of plugin 'realtime-hub' is not registered",
    });
    // The session and the socket support, but no bus yet.
    await expect(
      startWith(async (app) => {
        app.decorate('config', { publicUrl: undefined } as Config);
        await app.register(problemPlugin);
        await app.register(websocket);
        await app.register(testSession);
        await app.register(realtimeHubPlugin);
      }),
    ).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: "The dependency 'realtime-bus' of plugin 'realtime-hub' is not registered",
    });
    // The real session plugin follows ended sessions on the bus: the bus comes first.
    await expect(
      startWith(async (app) => {
        app.decorate('config', { sessionCacheMs: 0 } as Config);
        await app.register(problemPlugin);
        await app.register(cookie);
        await app.register(sessionPlugin, { findSessionUser: async () => null });
      }),
    ).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: "The dependency 'realtime-bus' of plugin 'session' is not registered",
    });
    // The bus needs the database.
    await expect(startWith(async (app) => void app.register(realtimeBusPlugin))).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE',
      message: "The decorator 'database' required by 'realtime-bus' is not present in Fastify",
    });
  });

  it('start in the right order', async () => {
    const { bus } = testBus();
    await expect(startWith(async (app) => {
      app.decorate('config', { publicUrl: undefined } as Config);
      await app.register(problemPlugin);
      await app.register(websocket);
      await app.register(busPlugin(bus));
      await app.register(testSession);
      await app.register(realtimeHubPlugin);
    })).resolves.toBeUndefined();
  });
});

describe('the hub in the app', () => {
  let t: TestApp;
  let base: string;
  let domain: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    domain = (await makeInstitution(t.db)).domain;
  });
  afterAll(() => t.close());

  const person = (name?: string) => makePerson(t.db, name, 'researcher', domain);
  const open = openSocket;
  const connect = (who: TestPerson, url = base): Promise<Socket> => open(url, { cookie: who.cookie });

  it('tells open sockets the server is restarting (1012) when the app closes', async () => {
    const own = await createTestApp();
    try {
      const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const who = await makePerson(own.db, undefined, 'researcher', (await makeInstitution(own.db)).domain);
      const socket = await openSocket(url, { cookie: who.cookie });
      await own.app.close();
      expect(await socket.closed).toBe(closeCodes.restarting);
    } finally {
      await own.close();
    }
  });

  it('refuses a connection without a session (401) or from another site (403)', async () => {
    const a = await person();
    await expect(open(base, {})).rejects.toThrow('HTTP 401');
    await expect(open(base, { cookie: 'gb_session=forged' })).rejects.toThrow('HTTP 401');
    await expect(open(base, { cookie: a.cookie, origin: 'https://evil.example' })).rejects.toThrow(
      'HTTP 403',
    );
    const same = await open(base, { cookie: a.cookie, origin: base });
    same.ws.close();
  });

  it('answers malformed frames with an error event and keeps the socket working', async () => {
    const a = await person();
    const b = await person();
    const { conversation } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/conversations',
        payload: { type: 'group', name: 'Lab', memberIds: [b.id, (await person()).id] },
        headers: { cookie: a.cookie },
      })
    ).json();
    const s = await connect(b);
    s.ws.send('this is not json');
    expect((await s.waitFor('error')).data.code).toBe('validation_failed');
    s.ws.send(JSON.stringify({ type: 'message.send', data: { content: 'x' } }));
    s.ws.send(JSON.stringify({ type: 'typing', data: { conversationId: 'not-a-uuid' } }));
    s.ws.send(Buffer.from([0, 1, 2]), { binary: true });
    s.ws.send(JSON.stringify({ type: 'typing', data: { pad: 'x'.repeat(17 * 1024) } }));
    await s.waitFor('error', (e) => e.data.code === 'payload_too_large');
    s.ws.send(JSON.stringify({ type: 'message.send', data: { content: 'y'.repeat(200 * 1024) } }));
    await s.waitFor(
      'error',
      (e) => e.data.code === 'payload_too_large' && s.of('error').length === 6,
    );
    await sleep(100);
    expect(s.of('error').map((e) => e.data.code)).toEqual([
      'validation_failed',
      'validation_failed',
      'validation_failed',
      'validation_failed',
      'payload_too_large',
      'payload_too_large',
    ]);
    expect(s.of('error')[1]!.data.message).toBe(
      'Unknown or malformed frame; expected { type: "typing" | "ping", data }.',
    );
    s.ws.send(JSON.stringify({ type: 'ping' }));
    await s.waitFor('pong');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.id}/messages`,
      payload: { content: 'still there?', clientId: crypto.randomUUID() },
      headers: { cookie: a.cookie },
    });
    expect(sent.statusCode).toBe(201);
    await s.waitFor('message.created', (e) => e.data.content === 'still there?');
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    s.ws.close();
  });

  it('closes the socket of a session that signs out, and every socket of a user who signs out everywhere', async () => {
    const a = await person();
    const second = { ...a, cookie: await sessionCookie(t.db, a.id) };
    const first1 = await connect(a);
    const first2 = await connect(a);
    const other = await connect(second);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: a.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await first1.closed).toBe(4401);
    expect(await first2.closed).toBe(4401);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    const everywhere = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/sessions',
      headers: { cookie: second.cookie },
    });
    expect(everywhere.statusCode).toBe(200);
    expect(await other.closed).toBe(4401);
    await expect(connect(second)).rejects.toThrow('HTTP 401');
  });

  it('closes, on a password change, every other session’s sockets; the session that changed it stays', async () => {
    const { user, email, password } = await makeUser(t.db, { name: 'Pat' });
    const signedIn = await signIn(t.app, { email, password, role: 'researcher' });
    const remembered = {
      cookie: (await signIn(t.app, { email, password, role: 'researcher', remember: true })).cookie,
    };
    const here = await open(base, { cookie: signedIn.cookie });
    const there = await open(base, { cookie: remembered.cookie });
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
    expect((await me(remembered.cookie)).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { currentPassword: password, newPassword: 'a brand new passphrase 42' },
      headers: { cookie: signedIn.cookie },
    });
    expect(changed.statusCode).toBe(200);
    expect(await there.closed).toBe(4401);
    expect((await me(remembered.cookie)).statusCode).toBe(401);
    expect((await me(signedIn.cookie)).json().user.id).toBe(user.id);
    await sleep(50);
    expect(here.ws.readyState).toBe(WebSocket.OPEN);
    here.ws.close();
  });

  it('ends a session on every instance at once: cached lookups and open sockets', async () => {
    if (!usingPostgres) return; // One process on PGlite: the tests above cover it.
    const pair = await createTestAppPair();
    try {
      const urlB = await pair.b.app.listen({ port: 0, host: '127.0.0.1' });
      const a = await makePerson(pair.a.db, 'Ada');
      const me = () =>
        pair.b.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: a.cookie } });
      // Instance B has looked the session up (and keeps it in its cache) and holds a socket of it.
      expect((await me()).statusCode).toBe(200);
      const onB = await connect(a, urlB);
      const out = await pair.a.app.inject({
        method: 'DELETE',
        url: '/api/v1/auth/sessions',
        headers: { cookie: a.cookie },
      });
      expect(out.statusCode).toBe(200);
      expect(await onB.closed).toBe(4401);
      expect((await me()).statusCode).toBe(401);
    } finally {
      await pair.close();
    }
  });
});
