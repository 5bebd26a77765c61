import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  makeGrant,
  makeInstitution,
  makePerson,
  makeUser,
  sessionCookie,
  type TestPerson,
} from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = TestPerson;
// Colleagues at one institution: a first message to another institution is a
// request with its own rules (message-requests.test.ts).
let domain: string;
beforeAll(async () => {
  domain = (await makeInstitution(t.db)).domain;
});
const person = (name?: string, role?: 'researcher' | 'admin') =>
  makePerson(t.db, name, role, domain);

function call(
  who: Person | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

async function conversation(who: Person, body: object) {
  const res = await call(who, 'POST', '/api/v1/conversations', body);
  if (res.statusCode >= 300) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().conversation as { id: string; members: { id: string }[] };
}

async function send(
  who: Person,
  conversationId: string,
  content: string,
  clientId: string = crypto.randomUUID(),
) {
  return call(who, 'POST', `/api/v1/conversations/${conversationId}/messages`, {
    content,
    clientId,
  });
}

async function listOf(who: Person) {
  const res = await call(who, 'GET', '/api/v1/conversations');
  expect(res.statusCode).toBe(200);
  return res.json().conversations as {
    id: string;
    type: string;
    unreadCount: number;
    lastMessage: { content: string } | null;
  }[];
}

describe('conversations', () => {
  it('needs a signed-in user', async () => {
    expect((await call(null, 'GET', '/api/v1/conversations')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/v1/users?q=a')).statusCode).toBe(401);
  });

  it('creates a direct conversation once: the second request, from either side, returns it with 200', async () => {
    const a = await person('Ada');
    const b = await person('Bea');
    const first = await call(a, 'POST', '/api/v1/conversations', {
      type: 'direct',
      memberIds: [b.id],
    });
    expect(first.statusCode).toBe(201);
    const created = first.json().conversation;
    expect(created).toMatchObject({
      type: 'direct',
      name: null,
      unreadCount: 0,
      lastMessage: null,
    });
    expect(created.members.map((m: { id: string }) => m.id).sort()).toEqual([a.id, b.id].sort());

    const again = await call(a, 'POST', '/api/v1/conversations', {
      type: 'direct',
      memberIds: [b.id, a.id],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().conversation.id).toBe(created.id);
    const reverse = await call(b, 'POST', '/api/v1/conversations', {
      type: 'direct',
      memberIds: [a.id],
    });
    expect(reverse.statusCode).toBe(200);
    expect(reverse.json().conversation.id).toBe(created.id);
    expect((await listOf(a)).filter((c) => c.type === 'direct')).toHaveLength(1);
  });

  it('refuses a direct conversation with anything but exactly one other person', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    for (const memberIds of [[b.id, c.id], [a.id]]) {
      const res = await call(a, 'POST', '/api/v1/conversations', { type: 'direct', memberIds });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('needs a name and three people for a group or team', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const noName = await call(a, 'POST', '/api/v1/conversations', {
      type: 'group',
      memberIds: [b.id, c.id],
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual([expect.objectContaining({ path: 'name' })]);
    const blankName = await call(a, 'POST', '/api/v1/conversations', {
      type: 'group',
      name: '   ',
      memberIds: [b.id, c.id],
    });
    expect(blankName.statusCode).toBe(400);
    const tooFew = await call(a, 'POST', '/api/v1/conversations', {
      type: 'team',
      name: 'Solo',
      memberIds: [b.id, a.id],
    });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().errors).toEqual([expect.objectContaining({ path: 'memberIds' })]);

    const team = await call(a, 'POST', '/api/v1/conversations', {
      type: 'team',
      name: '  Carbon team ',
      memberIds: [b.id, c.id],
    });
    expect(team.statusCode).toBe(201);
    expect(team.json().conversation).toMatchObject({ type: 'team', name: 'Carbon team' });
    expect(team.json().conversation.members).toHaveLength(3);
  });

  it('answers 400 validation_failed for unknown or malformed member ids', async () => {
    const a = await person();
    const b = await person();
    const unknown = await call(a, 'POST', '/api/v1/conversations', {
      type: 'group',
      name: 'Ghosts',
      memberIds: [b.id, crypto.randomUUID()],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('validation_failed');
    const malformed = await call(a, 'POST', '/api/v1/conversations', {
      type: 'direct',
      memberIds: ['nope'],
    });
    expect(malformed.statusCode).toBe(400);
    expect(await listOf(a)).toHaveLength(0);
  });
});

describe('ids in capitals and grants of teams', () => {
  it('reads member and conversation ids in capitals as the same ids', async () => {
    const a = await person('Ada');
    const b = await person('Bea');
    const c = await person('Cy');
    const direct = await conversation(a, { type: 'direct', memberIds: [b.id] });
    // The same person in capitals opens the same direct chat, not a second one.
    const again = await call(a, 'POST', '/api/v1/conversations', {
      type: 'direct',
      memberIds: [b.id.toUpperCase()],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().conversation.id).toBe(direct.id);
    // Oneself in capitals is still oneself.
    const self = await call(a, 'POST', '/api/v1/conversations', {
      type: 'direct',
      memberIds: [a.id.toUpperCase()],
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual([
      expect.objectContaining({ path: 'memberIds', message: 'Choose exactly one person' }),
    ]);
    // A person named twice counts once.
    const group = await call(a, 'POST', '/api/v1/conversations', {
      type: 'group',
      name: 'Twice',
      memberIds: [b.id, b.id.toUpperCase(), c.id, a.id.toUpperCase()],
    });
    expect(group.statusCode).toBe(201);
    expect(group.json().conversation.members).toHaveLength(3);
    const groupId = group.json().conversation.id as string;
    const readded = await call(a, 'POST', `/api/v1/conversations/${groupId}/members`, {
      memberIds: [c.id.toUpperCase()],
    });
    expect(readded.statusCode).toBe(200);
    expect(readded.json().conversation.members).toHaveLength(3);
    // A conversation id in capitals answers with the stored id, so clients can match it.
    const sent = await send(a, groupId.toUpperCase(), 'capitals');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message.conversationId).toBe(groupId);
    const [listed] = (await listOf(b)).filter((x) => x.id === groupId);
    expect(listed!.lastMessage!.content).toBe('capitals');
  });

  it('ties a team to an existing grant only', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const unknown = await call(a, 'POST', '/api/v1/conversations', {
      type: 'team',
      name: 'Ghost grant',
      memberIds: [b.id, c.id],
      grantId: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'validation_failed',
      errors: [expect.objectContaining({ path: 'grantId' })],
    });
    const grant = await makeGrant(t.db);
    const team = await call(a, 'POST', '/api/v1/conversations', {
      type: 'team',
      name: 'Real grant',
      memberIds: [b.id, c.id],
      grantId: grant.id.toUpperCase(),
    });
    expect(team.statusCode).toBe(201);
    expect(team.json().conversation.grantId).toBe(grant.id);
  });
});

describe('messages', () => {
  it('sends, stores plain text as-is, and shows the last message in the list', async () => {
    const a = await person('Ada');
    const b = await person('Bea');
    const { id } = await conversation(a, { type: 'direct', memberIds: [b.id] });
    const hostile = '  <img src=x onerror=alert(1)> & "quotes"  ';
    const res = await send(a, id, hostile, 'client-1');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatchObject({
      conversationId: id,
      seq: 1,
      senderId: a.id,
      senderName: 'Ada',
      content: '<img src=x onerror=alert(1)> & "quotes"',
      clientId: 'client-1',
    });
    const [listed] = await listOf(b);
    expect(listed!.lastMessage!.content).toBe('<img src=x onerror=alert(1)> & "quotes"');
  });

  it('never duplicates a retried send: the same clientId answers 200 with the stored message', async () => {
    const a = await person();
    const b = await person();
    const { id } = await conversation(a, { type: 'direct', memberIds: [b.id] });
    const first = await send(a, id, 'hello', 'retry-me');
    const [second, third] = await Promise.all([
      send(a, id, 'hello', 'retry-me'),
      send(a, id, 'hello', 'retry-me'),
    ]);
    expect(first.statusCode).toBe(201);
    expect(second!.statusCode).toBe(200);
    expect(third!.statusCode).toBe(200);
    expect(second!.json().message.id).toBe(first.json().message.id);
    // The other member may use the same client id without clashing.
    expect((await send(b, id, 'hi', 'retry-me')).statusCode).toBe(201);
    const page = await call(a, 'GET', `/api/v1/conversations/${id}/messages`);
    expect(page.json().messages.map((m: { seq: number }) => m.seq)).toEqual([2, 1]);
  });

  it('gives concurrent sends distinct, gapless sequence numbers', async () => {
    const a = await person();
    const b = await person();
    const { id } = await conversation(a, { type: 'direct', memberIds: [b.id] });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i % 2 ? a : b, id, `m${i}`)),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const seqs = results.map((r) => r.json().message.seq).sort((x: number, y: number) => x - y);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('takes 4,000 characters and refuses 4,001 or an empty message with 400 validation_failed', async () => {
    const a = await person();
    const b = await person();
    const { id } = await conversation(a, { type: 'direct', memberIds: [b.id] });
    expect((await send(a, id, 'x'.repeat(4000))).statusCode).toBe(201);
    for (const content of ['x'.repeat(4001), '   ', '', 'nul \u0000 inside']) {
      const res = await send(a, id, content);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: [expect.objectContaining({ path: 'content' })],
      });
    }
    expect(
      (await call(a, 'POST', `/api/v1/conversations/${id}/messages`, { content: 'no client id' }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses text PostgreSQL cannot store (a lone surrogate) with 400, and stores whole emoji', async () => {
    const a = await person();
    const b = await person();
    const { id } = await conversation(a, { type: 'direct', memberIds: [b.id] });
    const lone = await send(a, id, 'half \ud800 of a pair');
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toMatchObject({
      code: 'validation_failed',
      errors: [expect.objectContaining({ path: 'content' })],
    });
    const loneId = await send(a, id, 'fine', 'id \udc00');
    expect(loneId.statusCode).toBe(400);
    expect(loneId.json().errors).toEqual([expect.objectContaining({ path: 'clientId' })]);
    const emoji = await send(a, id, 'pair \ud83c\udf32 ok');
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().message.content).toBe('pair 🌲 ok');
    expect((await send(a, id, 'still fine')).json().message.seq).toBe(2);
  });

  it('rate-limits sending per user with 429 rate_limited', async () => {
    const a = await person();
    const b = await person();
    const { id } = await conversation(a, { type: 'direct', memberIds: [b.id] });
    for (let i = 0; i < 30; i++) expect((await send(a, id, `burst ${i}`)).statusCode).toBe(201);
    const limited = await send(a, id, 'one too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect((await send(b, id, 'someone else may still talk')).statusCode).toBe(201);
  });

  it('pages history newest first with before=, and catches up oldest first with after=', async () => {
    const a = await person();
    const b = await person();
    const { id } = await conversation(a, { type: 'direct', memberIds: [b.id] });
    for (let i = 1; i <= 7; i++) await send(a, id, `m${i}`);
    const page = async (query: string) => {
      const res = await call(b, 'GET', `/api/v1/conversations/${id}/messages?${query}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return { seqs: body.messages.map((m: { seq: number }) => m.seq), hasMore: body.hasMore };
    };
    expect(await page('limit=3')).toEqual({ seqs: [7, 6, 5], hasMore: true });
    expect(await page('limit=3&before=5')).toEqual({ seqs: [4, 3, 2], hasMore: true });
    expect(await page('limit=3&before=2')).toEqual({ seqs: [1], hasMore: false });
    expect(await page('after=4&limit=2')).toEqual({ seqs: [5, 6], hasMore: true });
    expect(await page('after=6')).toEqual({ seqs: [7], hasMore: false });
    expect(await page('')).toEqual({ seqs: [7, 6, 5, 4, 3, 2, 1], hasMore: false });
    expect(
      (await call(b, 'GET', `/api/v1/conversations/${id}/messages?before=3&after=1`)).statusCode,
    ).toBe(400);
  });

  it('counts unread messages from others and clears them with the read marker', async () => {
    const a = await person();
    const b = await person();
    const { id } = await conversation(a, { type: 'direct', memberIds: [b.id] });
    for (let i = 0; i < 3; i++) await send(a, id, `unread ${i}`);
    expect((await listOf(b))[0]!.unreadCount).toBe(3);
    expect((await listOf(a))[0]!.unreadCount).toBe(0);

    const partial = await call(b, 'POST', `/api/v1/conversations/${id}/read`, { seq: 2 });
    expect(partial.json()).toEqual({ conversationId: id, lastReadSeq: 2 });
    expect((await listOf(b))[0]!.unreadCount).toBe(1);
    const all = await call(b, 'POST', `/api/v1/conversations/${id}/read`);
    expect(all.statusCode).toBe(200);
    expect(all.json().lastReadSeq).toBe(3);
    expect((await listOf(b))[0]!.unreadCount).toBe(0);
    // The marker never moves back, nor past the last message.
    expect(
      (await call(b, 'POST', `/api/v1/conversations/${id}/read`, { seq: 1 })).json().lastReadSeq,
    ).toBe(3);
    expect(
      (await call(b, 'POST', `/api/v1/conversations/${id}/read`, { seq: 99 })).json().lastReadSeq,
    ).toBe(3);
    await send(a, id, 'one more');
    expect((await listOf(b))[0]!.unreadCount).toBe(1);
  });
});

describe('only members see a conversation', () => {
  it('answers 404 not_found to a non-member on every conversation route', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const outsider = await person('Outsider', 'admin');
    const { id } = await conversation(a, {
      type: 'group',
      name: 'Private',
      memberIds: [b.id, c.id],
    });
    await send(a, id, 'secret');
    const attempts = [
      call(outsider, 'GET', `/api/v1/conversations/${id}`),
      call(outsider, 'GET', `/api/v1/conversations/${id}/messages`),
      call(outsider, 'GET', `/api/v1/conversations/${id}/messages?after=0`),
      send(outsider, id, 'let me in'),
      call(outsider, 'POST', `/api/v1/conversations/${id}/read`),
      call(outsider, 'POST', `/api/v1/conversations/${id}/members`, { memberIds: [outsider.id] }),
      call(outsider, 'DELETE', `/api/v1/conversations/${id}/members/me`),
      call(a, 'GET', `/api/v1/conversations/${crypto.randomUUID()}/messages`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(await listOf(outsider)).toHaveLength(0);
    const page = await call(a, 'GET', `/api/v1/conversations/${id}/messages`);
    expect(page.json().messages).toHaveLength(1);
    expect(
      (await call(a, 'GET', `/api/v1/conversations/${id}`)).json().conversation.members,
    ).toHaveLength(3);
  });

  it("decides by membership alone: another institution's member sees it, no admin who is not a member does", async () => {
    const a = await person();
    const colleague = await makePerson(t.db, 'Colleague', 'researcher', a.domain);
    const partner = await person('Partner');
    const { id } = await conversation(a, {
      type: 'group',
      name: 'Across campuses',
      memberIds: [colleague.id, partner.id],
    });
    const callers: [string, Person, number][] = [
      ['a member from another institution', partner, 200],
      [
        'a researcher of the same institution who is not a member',
        await makePerson(t.db, 'Bystander', 'researcher', a.domain),
        404,
      ],
      [
        "an admin of the members' institution",
        await makePerson(t.db, 'Own admin', 'admin', a.domain),
        404,
      ],
      [
        "another institution's admin",
        await makePerson(t.db, 'Partner admin', 'admin', partner.domain),
        404,
      ],
    ];
    for (const [label, caller, status] of callers) {
      const res = await call(caller, 'GET', `/api/v1/conversations/${id}/messages`);
      expect(res.statusCode, label).toBe(status);
    }
  });

  it('lets members add people to groups (not to direct chats) and leave groups', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const d = await person();
    const group = await conversation(a, {
      type: 'group',
      name: 'Reading club',
      memberIds: [b.id, c.id],
    });
    await send(a, group.id, 'before d joined');
    const added = await call(b, 'POST', `/api/v1/conversations/${group.id}/members`, {
      memberIds: [d.id, c.id],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().conversation.members).toHaveLength(4);
    const [dView] = await listOf(d);
    expect(dView).toMatchObject({ id: group.id, unreadCount: 0 });

    const unknown = await call(a, 'POST', `/api/v1/conversations/${group.id}/members`, {
      memberIds: [crypto.randomUUID()],
    });
    expect(unknown.statusCode).toBe(400);

    const left = await call(c, 'DELETE', `/api/v1/conversations/${group.id}/members/me`);
    expect(left.statusCode).toBe(200);
    expect((await call(c, 'GET', `/api/v1/conversations/${group.id}/messages`)).statusCode).toBe(
      404,
    );
    expect((await send(c, group.id, 'still here?')).statusCode).toBe(404);
    expect(await listOf(c)).toHaveLength(0);
    // Added back, c is a member again.
    await call(a, 'POST', `/api/v1/conversations/${group.id}/members`, { memberIds: [c.id] });
    expect((await call(c, 'GET', `/api/v1/conversations/${group.id}/messages`)).statusCode).toBe(
      200,
    );

    const direct = await conversation(a, { type: 'direct', memberIds: [b.id] });
    const toDirect = await call(a, 'POST', `/api/v1/conversations/${direct.id}/members`, {
      memberIds: [d.id],
    });
    expect(toDirect.statusCode).toBe(400);
    expect(
      (await call(a, 'DELETE', `/api/v1/conversations/${direct.id}/members/me`)).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/v1/users (people picker)', () => {
  it('finds researchers and admins of any institution by name, never the caller', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const me = await person(`Zed ${tag}`);
    const other = await person(`Quinn ${tag}`, 'admin');
    const res = await call(me, 'GET', `/api/v1/users?q=${tag}`);
    expect(res.statusCode).toBe(200);
    const users = res.json().users;
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ id: other.id, name: `Quinn ${tag}`, role: 'admin' });
    expect(users[0].institution.name).toMatch(/Test University/);
    expect(users[0]).not.toHaveProperty('email');
    expect((await call(me, 'GET', `/api/v1/users?q=Zed%20${tag}`)).json().users).toEqual([]);
    // LIKE wildcards are matched literally.
    expect((await call(me, 'GET', `/api/v1/users?q=%25%25%25`)).json().users).toEqual([]);
  });

  it('matches an e-mail address only typed in full, and only at the searcher’s own institution', async () => {
    const me = await makeUser(t.db, { name: 'Searcher' });
    const searcher = {
      id: me.user.id,
      cookie: await sessionCookie(t.db, me.user.id),
      name: 'Searcher',
    };
    const colleague = await makeUser(t.db, { name: 'Colleague', domain: me.email.split('@')[1] });
    const stranger = await makeUser(t.db, { name: 'Stranger' });
    const find = async (q: string) =>
      (await call(searcher, 'GET', `/api/v1/users?q=${encodeURIComponent(q)}`))
        .json()
        .users.map((u: { id: string }) => u.id);
    expect(await find(colleague.email)).toEqual([colleague.user.id]);
    expect(await find(colleague.email.toUpperCase())).toEqual([colleague.user.id]);
    // Part of an address finds nobody, so one cannot be confirmed letter by letter.
    expect(await find(colleague.email.slice(0, 8))).toEqual([]);
    expect(await find(colleague.email.split('@')[1]!)).toEqual([]);
    // Another institution's people are found by name only.
    expect(await find(stranger.email)).toEqual([]);
    expect(await find(stranger.email.slice(0, 6))).toEqual([]);
  });
});

describe('demo conversations', () => {
  it('gives the demo researcher direct, group and team conversations with history, once', async () => {
    const { loadDemoData } = await import('../../seed/seed');
    const { loadDemoConversations } = await import('../../seed/messaging-seed');
    await loadDemoData(t.db, t.config);
    expect(await loadDemoConversations(t.db, t.config)).toBe(true);
    expect(await loadDemoConversations(t.db, t.config)).toBe(false);
    const [{ id: researcherId }] = (await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM users WHERE email = 'researcher@example.edu'`,
    )) as [{ id: string }];
    const researcher = {
      id: researcherId,
      name: 'Dr. Jordan Ellery',
      cookie: await sessionCookie(t.db, researcherId),
    };
    const list = await listOf(researcher);
    expect(list.map((c) => c.type).sort()).toEqual(['direct', 'direct', 'group', 'team']);
    expect(list.some((c) => c.unreadCount > 0)).toBe(true);
    const history = await call(researcher, 'GET', `/api/v1/conversations/${list[0]!.id}/messages`);
    expect(history.json().messages).toHaveLength(10);
  });
});
