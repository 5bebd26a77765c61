// An application's team across institutions, through the API on a real
// database: invitations answered, members removed and leaving, who may do
// what, and the team conversation that follows the team.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, sessionCookie } from '../../../test/factories';

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let applicationId: string;

beforeAll(async () => {
  t = await createTestApp();
  const pi = await makeUser(t.db, { name: 'Pat Investigator' });
  const domain = pi.email.split('@')[1]!;
  const people = {
    pi,
    colleague: await makeUser(t.db, { domain, name: 'Cole League' }),
    admin: await makeUser(t.db, { domain, role: 'admin' }),
    partner: await makeUser(t.db, { name: 'Parker Partner' }),
    helper: await makeUser(t.db, { name: 'Hal Helper' }),
  };
  const partnerDomain = people.partner.email.split('@')[1]!;
  Object.assign(people, { otherAdmin: await makeUser(t.db, { domain: partnerDomain, role: 'admin' }) });
  for (const [name, person] of Object.entries(people)) {
    ids[name] = person.user.id;
    cookies[name] = await sessionCookie(t.db, person.user.id);
  }
  const grant = await makeGrant(t.db, { title: 'River sediment budgets', closeDate: '2030-05-17' });
  applicationId = (
    await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie: cookies.pi! }, payload: { grantId: grant.id } })
  ).json().application.id;
});
afterAll(() => t.close());

const call = (who: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: cookies[who]! } : {}, ...(payload ? { payload } : {}) });
const invite = (who: string | undefined, userId: string, role = 'co_investigator') =>
  call(who, 'POST', `/api/v1/applications/${applicationId}/members`, { userId, role });
const conversationsOf = async (who: string) =>
  (await call(who, 'GET', '/api/v1/conversations')).json().conversations as { id: string; type: string; name: string }[];

describe('inviting to a team', () => {
  it.each([
    ['signed out', undefined, 401],
    ['a colleague who cannot see it', 'colleague', 404],
    ["the PI's institution's admin", 'admin', 403],
    ["another institution's admin", 'otherAdmin', 404],
  ])('%s may not invite: %i', async (_, who, status) => {
    expect((await invite(who, ids.partner!)).statusCode).toBe(status);
  });

  it('refuses an admin, an unknown person, the PI, and a bad role, changing nothing', async () => {
    const admin = await invite('pi', ids.otherAdmin!);
    expect(admin.statusCode).toBe(400);
    expect(admin.json().errors).toEqual([{ path: 'userId', message: 'Choose a researcher' }]);
    expect((await invite('pi', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await invite('pi', ids.pi!)).json().code).toBe('conflict');
    expect((await invite('pi', ids.partner!, 'boss')).statusCode).toBe(400);
    const { application } = (await call('pi', 'GET', `/api/v1/applications/${applicationId}`)).json();
    expect(application.members).toHaveLength(1);
  });

  it('invites a researcher at another institution, once; the invitee sees the invitation, not yet the application', async () => {
    const first = await invite('pi', ids.partner!);
    expect(first.statusCode).toBe(201);
    expect(first.json().member).toMatchObject({ name: 'Parker Partner', role: 'co_investigator', status: 'pending' });
    expect((await invite('pi', ids.partner!)).statusCode).toBe(409);
    const { invitations } = (await call('partner', 'GET', '/api/v1/team-invitations')).json();
    expect(invitations).toMatchObject([
      { applicationId, grant: { title: 'River sediment budgets' }, pi: { name: 'Pat Investigator' }, role: 'co_investigator' },
    ]);
    expect((await call('partner', 'GET', `/api/v1/applications/${applicationId}`)).statusCode).toBe(404);
    expect((await call('colleague', 'POST', `/api/v1/applications/${applicationId}/members/me/accept`)).statusCode).toBe(404);
  });
});

describe('answering, and the team conversation', () => {
  it('accepting shows the application and starts the team conversation with the PI', async () => {
    const accepted = await call('partner', 'POST', `/api/v1/applications/${applicationId}/members/me/accept`);
    expect(accepted.statusCode).toBe(200);
    const { application } = accepted.json();
    expect(application.viewer.role).toBe('member');
    expect(application.teamConversationId).toEqual(expect.any(String));
    for (const who of ['pi', 'partner']) {
      expect((await conversationsOf(who)).filter((c) => c.type === 'team')).toEqual([
        expect.objectContaining({ id: application.teamConversationId, name: 'Team: River sediment budgets' }),
      ]);
    }
    expect((await call('partner', 'GET', '/api/v1/team-invitations')).json().invitations).toEqual([]);
    // The partner's research office sees that its researcher is on it, and nothing of its contents.
    const partnered = (await call('otherAdmin', 'GET', '/api/v1/admin/applications/partnered')).json().applications;
    expect(partnered).toMatchObject([
      {
        id: applicationId,
        grantTitle: 'River sediment budgets',
        status: 'drafting',
        pi: { name: 'Pat Investigator' },
        members: [{ name: 'Parker Partner', role: 'co_investigator' }],
      },
    ]);
    expect((await call('otherAdmin', 'GET', `/api/v1/applications/${applicationId}`)).statusCode).toBe(404);
    expect((await call('otherAdmin', 'GET', `/api/v1/applications/${applicationId}/documents`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/api/v1/admin/applications/partnered')).json().applications).toEqual([]);
    expect((await call('partner', 'GET', '/api/v1/admin/applications/partnered')).statusCode).toBe(403);
    // Nobody joins or leaves it from the chat: it follows the team.
    const add = await call('pi', 'POST', `/api/v1/conversations/${application.teamConversationId}/members`, {
      memberIds: [ids.colleague],
    });
    expect(add.statusCode).toBe(400);
    expect((await call('partner', 'DELETE', `/api/v1/conversations/${application.teamConversationId}/members/me`)).statusCode).toBe(400);
  });

  it('a member moves no stage and invites nobody', async () => {
    expect((await invite('partner', ids.helper!)).statusCode).toBe(403);
    expect((await call('partner', 'DELETE', `/api/v1/applications/${applicationId}/members/${ids.pi}`)).statusCode).toBe(403);
  });

  it('a second member joins the conversation; the PI removes them and they see nothing more', async () => {
    const { application: before } = (await call('pi', 'GET', `/api/v1/applications/${applicationId}`)).json();
    const said = await call('pi', 'POST', `/api/v1/conversations/${before.teamConversationId}/messages`, { content: 'Budget draft is late', clientId: 'team-early' });
    expect(said.statusCode).toBe(201);
    await invite('pi', ids.helper!, 'contributor');
    await call('helper', 'POST', `/api/v1/applications/${applicationId}/members/me/accept`);
    // A newcomer reads the team's chat from when they joined (issue 27), unless the PI shares it.
    const history = async () => (await call('helper', 'GET', `/api/v1/conversations/${before.teamConversationId}/messages`)).json().messages;
    expect(await history()).toEqual([]);
    const share = await t.app.inject({ method: 'PATCH', url: `/api/v1/conversations/${before.teamConversationId}`, headers: { cookie: cookies.pi! }, payload: { historyShared: true } });
    expect(share.statusCode).toBe(200);
    expect((await history()).map((m: { content: string }) => m.content)).toEqual(['Budget draft is late']);
    const { application } = (await call('pi', 'GET', `/api/v1/applications/${applicationId}`)).json();
    expect(application.members.map((m: { name: string; status: string }) => [m.name, m.status])).toEqual([
      ['Pat Investigator', 'active'],
      ['Parker Partner', 'active'],
      ['Hal Helper', 'active'],
    ]);
    expect((await conversationsOf('helper')).some((c) => c.id === application.teamConversationId)).toBe(true);
    expect((await call('pi', 'DELETE', `/api/v1/applications/${applicationId}/members/${ids.helper}`)).statusCode).toBe(204);
    expect((await call('helper', 'GET', `/api/v1/applications/${applicationId}`)).statusCode).toBe(404);
    expect((await conversationsOf('helper')).some((c) => c.id === application.teamConversationId)).toBe(false);
    expect((await call('pi', 'DELETE', `/api/v1/applications/${applicationId}/members/${ids.helper}`)).statusCode).toBe(404);
  });

  it('a member who leaves loses the application and the conversation; an invitation can be declined', async () => {
    expect((await call('partner', 'DELETE', `/api/v1/applications/${applicationId}/members/me`)).statusCode).toBe(204);
    expect((await call('partner', 'GET', `/api/v1/applications/${applicationId}`)).statusCode).toBe(404);
    expect((await conversationsOf('partner')).some((c) => c.type === 'team')).toBe(false);
    await invite('pi', ids.partner!, 'contributor');
    expect((await call('partner', 'DELETE', `/api/v1/applications/${applicationId}/members/me`)).statusCode).toBe(204);
    expect((await call('partner', 'GET', '/api/v1/team-invitations')).json().invitations).toEqual([]);
    expect((await call('partner', 'DELETE', `/api/v1/applications/${applicationId}/members/me`)).statusCode).toBe(404);
  });

  it('a finished application takes nobody new', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/applications/${applicationId}`,
      headers: { cookie: cookies.pi! },
      payload: { status: 'withdrawn' },
    });
    expect((await invite('pi', ids.colleague!)).statusCode).toBe(409);
  });
});
