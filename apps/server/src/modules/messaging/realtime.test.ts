// Messaging over the realtime socket: its events reach members only, typing
// (the frame messaging takes from the hub) and presence, on one instance and
// across two. The socket itself is the hub's: plugins/realtime-hub.test.ts.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { sweepStalePresence } from './presence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openSocket, sleep } from '../../../test/realtime-socket';
import {
  createTestApp,
  createTestAppPair,
  usingPostgres,
  type TestApp,
} from '../../../test/test-app';
import { makeInstitution, makePerson, type TestPerson } from '../../../test/factories';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

// Colleagues at one institution (a first message to another one is a request: message-requests.test.ts).
let domain: string;
beforeAll(async () => {
  domain = (await makeInstitution(t.db)).domain;
});
const person = (name?: string) => makePerson(t.db, name, 'researcher', domain);

const open = openSocket;
const connect = (who: TestPerson, url = base) => open(url, { cookie: who.cookie });

async function post(app: FastifyInstance, who: TestPerson, url: string, payload?: object) {
  const res = await app.inject({ method: 'POST', url, payload, headers: { cookie: who.cookie } });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function group(app: FastifyInstance, owner: TestPerson, others: TestPerson[]) {
  const body = await post(app, owner, '/api/v1/conversations', {
    type: 'group',
    name: 'Lab',
    memberIds: others.map((o) => o.id),
  });
  return body.conversation.id as string;
}

const sendTo = (
  app: FastifyInstance,
  who: TestPerson,
  id: string,
  content: string,
  clientId: string = crypto.randomUUID(),
) => post(app, who, `/api/v1/conversations/${id}/messages`, { content, clientId });

describe('messaging on the realtime socket', () => {
  it('delivers message.created once to every socket of every member and to no one else', async () => {
    const a = await person('Ada');
    const b = await person('Bea');
    const c = await person('Cy');
    const outsider = await person('Out');
    const id = await group(t.app, a, [b, c]);
    const sockets = {
      a1: await connect(a),
      a2: await connect(a),
      b: await connect(b),
      c: await connect(c),
      out: await connect(outsider),
    };
    const { message } = await sendTo(t.app, a, id, 'hello all', 'cid-1');
    for (const key of ['a1', 'a2', 'b', 'c'] as const) {
      const got = await sockets[key].waitFor('message.created', (e) => e.data.id === message.id);
      expect(got.data).toMatchObject({
        conversationId: id,
        content: 'hello all',
        clientId: 'cid-1',
        senderName: 'Ada',
      });
    }
    // A retried send is not a new message: no second event.
    await sendTo(t.app, a, id, 'hello all', 'cid-1');
    await sleep(200);
    for (const key of ['a1', 'a2', 'b', 'c'] as const)
      expect(sockets[key].of('message.created')).toHaveLength(1);
    expect(sockets.out.of('message.created')).toHaveLength(0);
    expect(sockets.out.events.filter((e) => JSON.stringify(e).includes(id))).toEqual([]);
    for (const s of Object.values(sockets)) s.ws.close();
  });

  it('relays typing to the other members only, and refuses typing into a conversation one is not in', async () => {
    const a = await person('Ada');
    const b = await person('Bea');
    const outsider = await person('Out');
    const id = await group(t.app, a, [b, await person()]);
    const sa = await connect(a);
    const sb = await connect(b);
    const so = await connect(outsider);
    sa.ws.send(JSON.stringify({ type: 'typing', data: { conversationId: id } }));
    const typing = await sb.waitFor('typing');
    expect(typing.data).toEqual({ conversationId: id, userId: a.id, name: 'Ada' });
    so.ws.send(JSON.stringify({ type: 'typing', data: { conversationId: id } }));
    expect((await so.waitFor('error')).data.code).toBe('not_found');
    await sleep(150);
    expect(sb.of('typing')).toHaveLength(1);
    expect(sa.of('typing')).toHaveLength(0);
    expect(so.of('typing')).toHaveLength(0);
    for (const s of [sa, sb, so]) s.ws.close();
  });

  it('relays typing named by a conversation id in capitals under the stored id', async () => {
    const a = await person('Ada');
    const b = await person('Bea');
    const id = await group(t.app, a, [b, await person()]);
    const sa = await connect(a);
    const sb = await connect(b);
    sa.ws.send(JSON.stringify({ type: 'typing', data: { conversationId: id.toUpperCase() } }));
    expect((await sb.waitFor('typing')).data.conversationId).toBe(id);
    sa.ws.close();
    sb.ws.close();
  });

  it('announces presence to conversation peers, shows it in the list, and syncs read markers across tabs', async () => {
    const a = await person();
    const b = await person();
    const stranger = await person();
    const created = await post(t.app, a, '/api/v1/conversations', {
      type: 'direct',
      memberIds: [b.id],
    });
    const id = created.conversation.id as string;
    const sa = await connect(a);
    const sStranger = await connect(stranger);
    const sb = await connect(b);
    await sa.waitFor('presence.changed', (e) => e.data.userId === b.id && e.data.online);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/conversations',
      headers: { cookie: a.cookie },
    });
    const members = list.json().conversations[0].members as { id: string; online: boolean }[];
    expect(members.find((m) => m.id === b.id)!.online).toBe(true);

    await sendTo(t.app, a, id, 'read me');
    const sb2 = await connect(b);
    await post(t.app, b, `/api/v1/conversations/${id}/read`);
    const read = await sb2.waitFor('conversation.read');
    expect(read.data).toMatchObject({ conversationId: id, userId: b.id, lastReadSeq: 1 });
    expect(sa.of('conversation.read')).toHaveLength(0);

    sb.ws.close();
    await sleep(150);
    // b still has a tab open: still online.
    expect(
      sa.of('presence.changed').filter((e) => e.data.userId === b.id && !e.data.online),
    ).toHaveLength(0);
    sb2.ws.close();
    await sa.waitFor('presence.changed', (e) => e.data.userId === b.id && !e.data.online);
    expect(sStranger.of('presence.changed')).toHaveLength(0);
    sa.ws.close();
    sStranger.ws.close();
  });

  it('tells every member about a new conversation', async () => {
    const a = await person();
    const b = await person();
    const sb = await connect(b);
    const created = await post(t.app, a, '/api/v1/conversations', {
      type: 'direct',
      memberIds: [b.id],
    });
    const event = await sb.waitFor('conversation.created');
    expect(event.data.id).toBe(created.conversation.id);
    sb.ws.close();
  });
});

describe('presence of a dead instance', () => {
  it('is swept and announced offline to the person’s peers, once', async () => {
    const gone = await person('Gone');
    const peer = await person('Peer');
    await post(t.app, peer, '/api/v1/conversations', { type: 'direct', memberIds: [gone.id] });
    const socket = await connect(peer);
    // An instance that died holding a socket of Gone's: its row is no longer refreshed.
    await t.db.execute(
      sql`INSERT INTO user_presence (user_id, instance_id, seen_at) VALUES (${gone.id}, 'dead-instance', now() - interval '2 minutes')`,
    );
    const [first, second] = await Promise.all([
      sweepStalePresence(t.app),
      sweepStalePresence(t.app),
    ]);
    expect([...first!, ...second!]).toEqual([gone.id]);
    const offline = await socket.waitFor('presence.changed', (e) => e.data.userId === gone.id);
    expect(offline.data.online).toBe(false);
    await sleep(100);
    expect(socket.of('presence.changed').filter((e) => e.data.userId === gone.id)).toHaveLength(1);
    socket.ws.close();
  });
});

describe('several app instances', () => {
  it('carries events about a conversation with many members (too big for one NOTIFY) to the other instance', async () => {
    if (!usingPostgres) return; // One process on PGlite: no NOTIFY in between.
    const pair = await createTestAppPair();
    try {
      const urlB = await pair.b.app.listen({ port: 0, host: '127.0.0.1' });
      const lead = await makePerson(pair.a.db, 'Lead');
      // Colleagues at one institution: they are members at once (people from elsewhere are invited).
      const onB = await makePerson(pair.a.db, 'Bea on B', 'researcher', lead.domain);
      // Long titles and names make each member entry big, as with real people.
      const crowd = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          makePerson(pair.a.db, `Dr. Member ${i} ${'x'.repeat(60)}`, 'researcher', lead.domain),
        ),
      );
      const socket = await connect(onB, urlB);
      const team = await post(pair.a.app, lead, '/api/v1/conversations', {
        type: 'team',
        name: 'A big team',
        memberIds: [onB.id, ...crowd.map((p) => p.id)],
      });
      const id = team.conversation.id as string;
      expect(JSON.stringify(team.conversation).length).toBeGreaterThan(8000);
      const created = await socket.waitFor('conversation.created', (e) => e.data.id === id);
      expect(created.data.members).toHaveLength(42);
      expect(created.data.name).toBe('A big team');

      const newcomer = await makePerson(pair.a.db, 'Newcomer', 'researcher', lead.domain);
      await post(pair.a.app, lead, `/api/v1/conversations/${id}/members`, {
        memberIds: [newcomer.id],
      });
      const updated = await socket.waitFor(
        'conversation.updated',
        (e) => e.data.conversationId === id,
      );
      expect(updated.data.members).toHaveLength(43);
      await sleep(200);
      expect(socket.of('conversation.created')).toHaveLength(1);
      expect(socket.of('conversation.updated')).toHaveLength(1);
      socket.ws.close();
    } finally {
      await pair.close();
    }
  });

  it('delivers a message sent through instance A to a socket on instance B exactly once', async () => {
    if (!usingPostgres) {
      // One process on PGlite: the in-process bus is the path between requests and sockets.
      expect(t.app.realtime.kind).toBe('memory');
      const a = await person();
      const b = await person();
      const id = await group(t.app, a, [b, await person()]);
      const sb = await connect(b);
      const { message } = await sendTo(t.app, a, id, 'via the in-process bus');
      await sb.waitFor('message.created', (e) => e.data.id === message.id);
      await sleep(300);
      expect(sb.of('message.created')).toHaveLength(1);
      sb.ws.close();
      return;
    }
    const pair = await createTestAppPair();
    try {
      expect(pair.a.app.realtime.kind).toBe('postgres');
      const urlA = await pair.a.app.listen({ port: 0, host: '127.0.0.1' });
      const urlB = await pair.b.app.listen({ port: 0, host: '127.0.0.1' });
      const a = await makePerson(pair.a.db, 'Ada');
      const b = await makePerson(pair.a.db, 'Bea', 'researcher', a.domain);
      const id = await group(pair.a.app, a, [b, await makePerson(pair.a.db, 'Cy', 'researcher', a.domain)]);
      const onB = await connect(b, urlB);
      const senderOnA = await connect(a, urlA);
      const senderOnB = await connect(a, urlB);
      await sleep(100);

      const { message } = await sendTo(pair.a.app, a, id, 'across instances');
      // A message too big for one NOTIFY (4,000 characters of 4-byte UTF-8) travels by reference.
      const big = '🌲'.repeat(2000);
      const { message: bigMessage } = await sendTo(pair.a.app, a, id, big);
      for (const s of [onB, senderOnA, senderOnB]) {
        await s.waitFor('message.created', (e) => e.data.id === message.id);
        const got = await s.waitFor('message.created', (e) => e.data.id === bigMessage.id);
        expect(got.data.content).toBe(big);
      }
      // Typing and presence cross too.
      senderOnA.ws.send(JSON.stringify({ type: 'typing', data: { conversationId: id } }));
      await onB.waitFor('typing');
      await sleep(400);
      for (const s of [onB, senderOnA, senderOnB]) expect(s.of('message.created')).toHaveLength(2);
      expect(onB.of('typing')).toHaveLength(1);
      for (const s of [onB, senderOnA, senderOnB]) s.ws.close();
    } finally {
      await pair.close();
    }
  });
});
