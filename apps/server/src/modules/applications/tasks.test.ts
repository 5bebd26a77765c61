// The team's tasks through the API on a real database: added, assigned within
// the team, ticked off and removed; gathered across applications; who may
// read and change them.
import { sql } from 'drizzle-orm';
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
  const member = await makeUser(t.db, { name: 'Mo Member' });
  const people = {
    pi,
    member,
    colleague: await makeUser(t.db, { domain }),
    admin: await makeUser(t.db, { domain, role: 'admin' }),
    otherAdmin: await makeUser(t.db, { domain: member.email.split('@')[1]!, role: 'admin' }),
    removed: await makeUser(t.db),
  };
  for (const [name, person] of Object.entries(people)) {
    ids[name] = person.user.id;
    cookies[name] = await sessionCookie(t.db, person.user.id);
  }
  const grant = await makeGrant(t.db, { title: 'Delta hydrology', closeDate: '2030-05-17' });
  applicationId = (
    await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie: cookies.pi! }, payload: { grantId: grant.id } })
  ).json().application.id;
  await t.db.execute(sql`INSERT INTO application_members (application_id, user_id, role, status) VALUES
    (${applicationId}, ${member.user.id}, 'co_investigator', 'active')`);
});
afterAll(() => t.close());

const call = (who: string | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: cookies[who]! } : {}, ...(payload ? { payload } : {}) });
const add = (who: string | undefined, payload: object) => call(who, 'POST', `/api/v1/applications/${applicationId}/tasks`, payload);

describe('tasks', () => {
  let draftId: string;

  it('are added by the team, assigned only within it, and listed soonest first', async () => {
    const draft = await add('pi', { title: 'Draft the narrative', dueDate: '2030-04-01', priority: 'high', assigneeId: ids.member });
    expect(draft.statusCode).toBe(201);
    draftId = draft.json().task.id;
    expect(draft.json().task).toMatchObject({
      title: 'Draft the narrative',
      status: 'pending',
      priority: 'high',
      dueDate: '2030-04-01',
      assigneeName: 'Mo Member',
      application: { id: applicationId, grantTitle: 'Delta hydrology' },
    });
    expect((await add('member', { title: 'Collect biosketches', dueDate: '2030-03-20' })).json().task.priority).toBe('medium');
    await add('member', { title: 'Ask for letters of support' });
    const outsider = await add('pi', { title: 'x', assigneeId: ids.colleague });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors).toEqual([{ path: 'assigneeId', message: 'Choose someone on the team' }]);
    for (const body of [{}, { title: '  ' }, { title: 'x', priority: 'urgent' }, { title: 'x', dueDate: '2030-02-30' }]) {
      expect((await add('pi', body)).statusCode).toBe(400);
    }
    const { application } = (await call('admin', 'GET', `/api/v1/applications/${applicationId}`)).json();
    expect(application.tasks.map((task: { title: string }) => task.title)).toEqual([
      'Collect biosketches',
      'Draft the narrative',
      'Ask for letters of support',
    ]);
  });

  it('are ticked off and reassigned; a person sees theirs across applications', async () => {
    const done = await call('member', 'PATCH', `/api/v1/tasks/${draftId}`, { status: 'completed' });
    expect(done.json().task.status).toBe('completed');
    const mine = (await call('member', 'GET', '/api/v1/tasks?assignee=me&status=pending')).json().tasks;
    expect(mine).toEqual([]);
    await call('pi', 'PATCH', `/api/v1/tasks/${draftId}`, { status: 'pending', assigneeId: ids.pi, dueDate: null });
    const pis = (await call('pi', 'GET', '/api/v1/tasks?assignee=me&status=pending')).json().tasks;
    expect(pis.map((task: { title: string; dueDate: string | null }) => [task.title, task.dueDate])).toEqual([['Draft the narrative', null]]);
    expect((await call('member', 'GET', '/api/v1/tasks')).json().tasks).toHaveLength(3);
    expect((await call('member', 'GET', '/api/v1/tasks?assignee=someone')).statusCode).toBe(400);
  });

  it.each([
    ['signed out', undefined, 401, 401],
    ['a colleague of the PI', 'colleague', 404, 404],
    ["the PI's institution's admin (reads only)", 'admin', 403, 403],
    ["the member's institution's admin", 'otherAdmin', 404, 404],
    ['a removed member', 'removed', 404, 404],
  ])('%s: add %s, change %s', async (_, who, addStatus, changeStatus) => {
    expect((await add(who, { title: 'Probe' })).statusCode).toBe(addStatus);
    expect((await call(who, 'PATCH', `/api/v1/tasks/${draftId}`, { status: 'completed' })).statusCode).toBe(changeStatus);
    expect((await call(who, 'DELETE', `/api/v1/tasks/${draftId}`)).statusCode).toBe(changeStatus);
    if (who) expect((await call(who, 'GET', '/api/v1/tasks')).json().tasks ?? []).toEqual([]);
  });

  it('are removed by the team; an unknown id is not found', async () => {
    expect((await call('member', 'DELETE', `/api/v1/tasks/${draftId}`)).statusCode).toBe(204);
    expect((await call('member', 'DELETE', `/api/v1/tasks/${draftId}`)).statusCode).toBe(404);
    expect((await call('pi', 'PATCH', '/api/v1/tasks/not-an-id', { status: 'completed' })).statusCode).toBe(404);
  });
});
