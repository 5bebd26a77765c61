// Groups and teams (issue 27, decision 043): someone from another institution
// is invited and joins only by accepting; a newcomer sees the messages sent
// after they joined unless the owner shares the history.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePerson, type TestPerson } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function call(who: TestPerson | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}
const send = (who: TestPerson, id: string, content: string) =>
  call(who, 'POST', `/api/v1/conversations/${id}/messages`, { content, clientId: crypto.randomUUID() });
const contents = async (who: TestPerson, id: string) => {
  const res = await call(who, 'GET', `/api/v1/conversations/${id}/messages`);
  return res.statusCode === 200 ? (res.json().messages as { content: string }[]).map((m) => m.content).sort() : res.statusCode;
};
const view = async (who: TestPerson, id: string) => {
  const res = await call(who, 'GET', `/api/v1/conversations/${id}`);
  return res.statusCode === 200 ? res.json().conversation : res.statusCode;
};
const ids = (people: { id: string }[]) => people.map((p) => p.id).sort();

describe('adding someone from another institution to a group', () => {
  it('is an invitation: they see who asked and nothing else, get no messages, and join only by accepting', async () => {
    const owner = await makePerson(t.db, 'Olga Owner');
    const colleague = await makePerson(t.db, 'Carl Colleague', 'researcher', owner.domain);
    const third = await makePerson(t.db, 'Tess Third', 'researcher', owner.domain);
    const outsider = await makePerson(t.db, 'Ola Outsider');
    const created = await call(owner, 'POST', '/api/v1/conversations', { type: 'group', name: 'Snow lab', memberIds: [colleague.id, third.id] });
    const group = created.json().conversation;
    await send(owner, group.id, 'before anyone was added');

    // A member (the colleague) adds the outsider.
    const added = await call(colleague, 'POST', `/api/v1/conversations/${group.id}/members`, { memberIds: [outsider.id] });
    expect(added.statusCode).toBe(200);
    expect(ids(added.json().conversation.members)).toEqual(ids([owner, colleague, third]));
    expect(ids(added.json().conversation.invited)).toEqual([outsider.id]);

    const invitation = await view(outsider, group.id);
    expect(invitation).toMatchObject({ request: { state: 'pending', fromMe: false }, invitedBy: 'Carl Colleague', lastMessage: null, unreadCount: 0 });
    expect(invitation.members.every((m: { online: boolean }) => !m.online)).toBe(true);
    // Not a member yet: no messages, no sending, no read marker, no adding others.
    expect(await contents(outsider, group.id)).toBe(404);
    expect((await send(outsider, group.id, 'hello?')).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `/api/v1/conversations/${group.id}/read`)).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `/api/v1/conversations/${group.id}/members`, { memberIds: [owner.id] })).statusCode).toBe(404);
    await send(owner, group.id, 'while the invitation waits');
    expect((await view(outsider, group.id)).lastMessage).toBeNull();
    // Only the invitee answers.
    expect((await call(colleague, 'POST', `/api/v1/conversations/${group.id}/accept`)).statusCode).toBe(403);

    const accepted = await call(outsider, 'POST', `/api/v1/conversations/${group.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().conversation).toMatchObject({ request: null, invitedBy: null, invited: [] });
    expect(ids(accepted.json().conversation.members)).toEqual(ids([owner, colleague, third, outsider]));
    // What was said before they joined stays with those who were there.
    expect(await contents(outsider, group.id)).toEqual([]);
    await send(owner, group.id, 'welcome');
    expect(await contents(outsider, group.id)).toEqual(['welcome']);
    expect((await send(outsider, group.id, 'thanks')).statusCode).toBe(201);
    expect(await contents(owner, group.id)).toEqual(['before anyone was added', 'thanks', 'welcome', 'while the invitation waits']);
  });

  it('can be declined, which leaves the group as it was; a colleague joins at once', async () => {
    const owner = await makePerson(t.db, 'Olga Owner');
    const colleague = await makePerson(t.db, 'Carl Colleague', 'researcher', owner.domain);
    const outsider = await makePerson(t.db, 'Ola Outsider');
    const group = (await call(owner, 'POST', '/api/v1/conversations', { type: 'group', name: 'Mixed', memberIds: [colleague.id, outsider.id] })).json().conversation;
    expect(ids(group.members)).toEqual(ids([owner, colleague]));
    expect(ids(group.invited)).toEqual([outsider.id]);
    expect((await view(colleague, group.id)).request).toBeNull();

    const declined = await call(outsider, 'POST', `/api/v1/conversations/${group.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().conversation.request).toEqual({ state: 'declined', fromMe: false });
    expect(await view(outsider, group.id)).toBe(404);
    const list = (await call(outsider, 'GET', '/api/v1/conversations')).json().conversations;
    expect(list.some((c: { id: string }) => c.id === group.id)).toBe(false);
    expect((await view(owner, group.id)).invited).toEqual([]);
    // Someone blocked by the inviter cannot be invited at all.
    const blocker = await makePerson(t.db, 'Bo Blocker');
    await call(blocker, 'PUT', `/api/v1/blocks/${owner.id}`);
    expect((await call(owner, 'POST', `/api/v1/conversations/${group.id}/members`, { memberIds: [blocker.id] })).statusCode).toBe(403);
  });
});

describe('the history of a group', () => {
  it('starts for a newcomer when they join, unless the owner shares it; only the owner chooses', async () => {
    const owner = await makePerson(t.db, 'Olga Owner');
    const first = await makePerson(t.db, 'Fay First', 'researcher', owner.domain);
    const second = await makePerson(t.db, 'Sid Second', 'researcher', owner.domain);
    const late = await makePerson(t.db, 'Leo Late', 'researcher', owner.domain);
    const stranger = await makePerson(t.db, 'Sam Stranger', 'researcher', owner.domain);
    const group = (await call(owner, 'POST', '/api/v1/conversations', { type: 'group', name: 'Plans', memberIds: [first.id, second.id] })).json().conversation;
    expect(group).toMatchObject({ ownerId: owner.id, historyShared: false });
    await send(first, group.id, 'early idea');
    expect((await call(first, 'POST', `/api/v1/conversations/${group.id}/members`, { memberIds: [late.id] })).statusCode).toBe(200);
    expect(await contents(late, group.id)).toEqual([]);
    expect(await view(late, group.id)).toMatchObject({ lastMessage: null, earlierHidden: true });
    expect((await view(first, group.id)).earlierHidden).toBe(false);

    // Only the owner may share it; a member 403, a stranger 404, signed out 401, bad input 400.
    const share = (who: TestPerson | null, body: object = { historyShared: true }) => call(who, 'PATCH', `/api/v1/conversations/${group.id}`, body);
    expect((await share(first)).statusCode).toBe(403);
    expect((await share(stranger)).statusCode).toBe(404);
    expect((await share(null)).statusCode).toBe(401);
    expect((await share(owner, { historyShared: 'yes' })).statusCode).toBe(400);
    expect(await contents(late, group.id)).toEqual([]);

    const shared = await share(owner);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().conversation.historyShared).toBe(true);
    expect(await contents(late, group.id)).toEqual(['early idea']);
    expect(await view(late, group.id)).toMatchObject({ lastMessage: { content: 'early idea' }, earlierHidden: false });
    expect((await share(owner, { historyShared: false })).statusCode).toBe(200);
    expect(await contents(late, group.id)).toEqual([]);
    expect(await contents(first, group.id)).toEqual(['early idea']);

    // A direct conversation has no history to share.
    const direct = (await call(owner, 'POST', '/api/v1/conversations', { type: 'direct', memberIds: [first.id] })).json().conversation;
    expect((await call(owner, 'PATCH', `/api/v1/conversations/${direct.id}`, { historyShared: true })).statusCode).toBe(400);
  });
});
