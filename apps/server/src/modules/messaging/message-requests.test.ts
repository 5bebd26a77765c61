// Message requests across institutions, blocks and reports (decision 029).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePerson, type TestPerson } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function call(
  who: TestPerson | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}
const direct = async (from: TestPerson, to: TestPerson) =>
  (await call(from, 'POST', '/api/v1/conversations', { type: 'direct', memberIds: [to.id] })).json()
    .conversation;
const send = (who: TestPerson, id: string, content = 'hello') =>
  call(who, 'POST', `/api/v1/conversations/${id}/messages`, {
    content,
    clientId: crypto.randomUUID(),
  });
const view = async (who: TestPerson, id: string) =>
  (await call(who, 'GET', `/api/v1/conversations/${id}`)).json().conversation;
const online = async (who: TestPerson) =>
  t.db.execute(
    sql`INSERT INTO user_presence (user_id, instance_id) VALUES (${who.id}, 'test-instance') ON CONFLICT DO NOTHING`,
  );

describe('a first direct message to another institution', () => {
  it('is a request: a few messages, no presence, until the recipient accepts', async () => {
    const ada = await makePerson(t.db, 'Ada');
    const colleague = await makePerson(t.db, 'Colleague', 'researcher', ada.domain);
    const bea = await makePerson(t.db, 'Bea');
    await online(bea);
    await online(colleague);

    const withColleague = await direct(ada, colleague);
    expect(withColleague.request).toBeNull();
    expect(withColleague.members.find((m: { id: string }) => m.id === colleague.id).online).toBe(
      true,
    );

    const request = await direct(ada, bea);
    expect(request.request).toEqual({ state: 'pending', fromMe: true });
    expect(request.members.find((m: { id: string }) => m.id === bea.id).online).toBe(false);
    expect((await view(bea, request.id)).request).toEqual({ state: 'pending', fromMe: false });

    for (let i = 0; i < 3; i++) expect((await send(ada, request.id)).statusCode).toBe(201);
    const fourth = await send(ada, request.id);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().code).toBe('forbidden');

    // Only the recipient answers it; others do not even see it.
    expect((await call(ada, 'POST', `/api/v1/conversations/${request.id}/accept`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(colleague, 'POST', `/api/v1/conversations/${request.id}/accept`)).statusCode,
    ).toBe(404);
    expect(
      (await call(null, 'POST', `/api/v1/conversations/${request.id}/accept`)).statusCode,
    ).toBe(401);
    const accepted = await call(bea, 'POST', `/api/v1/conversations/${request.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().conversation.request).toEqual({ state: 'accepted', fromMe: false });
    expect(
      (await view(ada, request.id)).members.find((m: { id: string }) => m.id === bea.id).online,
    ).toBe(true);
    expect((await send(ada, request.id)).statusCode).toBe(201);
    expect(
      (await call(bea, 'POST', `/api/v1/conversations/${request.id}/decline`)).statusCode,
    ).toBe(409);
  });

  it('is accepted by a reply, and closed by a decline', async () => {
    const ada = await makePerson(t.db, 'Ada');
    const bea = await makePerson(t.db, 'Bea');
    const cy = await makePerson(t.db, 'Cy');
    const toBea = await direct(ada, bea);
    expect((await send(bea, toBea.id, 'hi back')).statusCode).toBe(201);
    expect((await view(ada, toBea.id)).request.state).toBe('accepted');

    const toCy = await direct(ada, cy);
    expect((await call(cy, 'POST', `/api/v1/conversations/${toCy.id}/decline`)).statusCode).toBe(
      200,
    );
    const after = await send(ada, toCy.id);
    expect(after.statusCode).toBe(403);
    expect(after.json().detail).toMatch(/declined/);
  });
});

describe('sent together (one batched statement decides them all, issue 27)', () => {
  it('a waiting request still takes only three messages, and a block still stops them', async () => {
    const ada = await makePerson(t.db, 'Ada');
    const bea = await makePerson(t.db, 'Bea');
    const request = await direct(ada, bea);
    const statuses = (await Promise.all(Array.from({ length: 6 }, (_, i) => send(ada, request.id, `m${i}`)))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(3);
    const stored = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from messages where conversation_id = ${request.id}`);
    expect(stored[0]!.n).toBe(3);

    // Bea's reply accepts it, and says so to both.
    expect((await send(bea, request.id, 'hi')).statusCode).toBe(201);
    expect((await view(ada, request.id)).request.state).toBe('accepted');
    expect((await send(ada, request.id, 'and again')).statusCode).toBe(201);

    expect((await call(bea, 'PUT', `/api/v1/blocks/${ada.id}`)).statusCode).toBe(200);
    const blocked = await Promise.all([send(ada, request.id, 'x'), send(ada, request.id, 'y')]);
    expect(blocked.map((r) => [r.statusCode, r.json().detail])).toEqual([
      [403, 'You cannot message this person.'],
      [403, 'You cannot message this person.'],
    ]);
    const mine = await send(bea, request.id, 'z');
    expect(mine.json().detail).toBe('You cannot message this person. Unblock them first.');
  });
});

describe('blocking', () => {
  it('stops a person’s messages and invitations, lists them, and can be lifted', async () => {
    const ada = await makePerson(t.db, 'Ada');
    const eve = await makePerson(t.db, 'Eve', 'researcher', ada.domain);
    const other = await makePerson(t.db, 'Other', 'researcher', ada.domain);
    const chat = await direct(ada, eve);
    expect((await call(eve, 'PUT', `/api/v1/blocks/${ada.id}`)).statusCode).toBe(200);
    expect(
      (await call(eve, 'GET', '/api/v1/blocks')).json().blocked.map((p: { id: string }) => p.id),
    ).toEqual([ada.id]);

    expect((await send(ada, chat.id)).statusCode).toBe(403);
    const invite = await call(ada, 'POST', '/api/v1/conversations', {
      type: 'group',
      name: 'Lab',
      memberIds: [eve.id, other.id],
    });
    expect(invite.statusCode).toBe(403);
    // The one who blocked cannot write either, until they unblock.
    expect((await send(eve, chat.id)).statusCode).toBe(403);

    expect((await call(eve, 'DELETE', `/api/v1/blocks/${ada.id}`)).statusCode).toBe(200);
    expect((await send(ada, chat.id)).statusCode).toBe(201);
    expect((await call(eve, 'PUT', `/api/v1/blocks/${eve.id}`)).statusCode).toBe(400);
    expect((await call(eve, 'PUT', `/api/v1/blocks/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/v1/blocks')).statusCode).toBe(401);
  });
});

describe('reporting', () => {
  it('stores a member’s report; anyone else gets 404', async () => {
    const ada = await makePerson(t.db, 'Ada');
    const bea = await makePerson(t.db, 'Bea');
    const stranger = await makePerson(t.db, 'Stranger');
    const chat = await direct(ada, bea);
    const report = await call(bea, 'POST', `/api/v1/conversations/${chat.id}/report`, {
      reason: 'Unsolicited sales pitch',
    });
    expect(report.statusCode).toBe(201);
    const rows = await queryRows<{ reason: string }>(
      t.db,
      sql`SELECT reason FROM conversation_reports WHERE conversation_id = ${chat.id}`,
    );
    expect(rows.map((r) => r.reason)).toEqual(['Unsolicited sales pitch']);
    expect(
      (await call(stranger, 'POST', `/api/v1/conversations/${chat.id}/report`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(bea, 'POST', `/api/v1/conversations/${chat.id}/report`, { reason: '' }))
        .statusCode,
    ).toBe(400);
  });
});
