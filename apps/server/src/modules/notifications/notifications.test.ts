// The notification centre through the API on a real database: notices the
// pipeline sends (a team invitation, a stage change reaching the office's
// queue, a task), each person's own list and unread count, marking read,
// preferences (validated, and obeyed), and the live events.
import { defaultKindPreferences } from '@grantbridge/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeDelivery } from '../../plugins/realtime-bus';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';

let t: TestApp;
const p: Record<string, TestPerson & { domain: string }> = {};
const deliveries: RealtimeDelivery[] = [];
let applicationId: string;

const call = (who: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: p[who]!.cookie } : {}, ...(payload ? { payload } : {}) });
const list = async (who: string, query = '') => (await call(who, 'GET', `/api/v1/notifications${query}`)).json();

beforeAll(async () => {
  t = await createTestApp();
  p.pi = await makePerson(t.db, 'Pia Lead');
  p.admin = await makePerson(t.db, 'Otto Office', 'admin', p.pi.domain);
  p.colleague = await makePerson(t.db, 'Cora Colleague', 'researcher', p.pi.domain);
  p.partner = await makePerson(t.db, 'Pax Partner');
  p.otherAdmin = await makePerson(t.db, 'Olga Elsewhere', 'admin', p.partner.domain);
  t.app.realtime.subscribe((d) => deliveries.push(d));
  const grant = await makeGrant(t.db, { title: 'Wetland methane', closeDate: '2031-06-01' });
  applicationId = (await call('pi', 'POST', '/api/v1/applications', { grantId: grant.id })).json().application.id;
});
afterAll(() => t.close());

describe('what the pipeline says', () => {
  it('tells an invitee, live, and only them', async () => {
    deliveries.length = 0;
    expect((await call('pi', 'POST', `/api/v1/applications/${applicationId}/members`, { userId: p.partner!.id, role: 'co_investigator' })).statusCode).toBe(201);
    const { items, unreadCount } = await list('partner');
    expect(unreadCount).toBe(1);
    expect(items[0]).toMatchObject({
      kind: 'team.invitation',
      title: 'Pia Lead invited you to a team',
      body: expect.stringContaining('“Wetland methane”'),
      link: '/dashboard/grants',
      readAt: null,
    });
    const live = deliveries.filter((d) => d.event.type === 'notification.created');
    expect(live.map((d) => d.recipients)).toEqual([[p.partner!.id]]);
    expect(live[0]!.event.data).toMatchObject({ unreadCount: 1, notification: { id: items[0].id } });
    expect((await list('pi')).items).toEqual([]);
  });

  it('tells the team and the office when a proposal reaches review, not the one who moved it', async () => {
    await call('partner', 'POST', `/api/v1/applications/${applicationId}/members/me/accept`);
    expect((await call('pi', 'PATCH', `/api/v1/applications/${applicationId}`, { status: 'internal_review' })).statusCode).toBe(200);
    const [office] = (await list('admin')).items;
    expect(office).toMatchObject({
      kind: 'application.status',
      title: '“Wetland methane” moved to internal review',
      body: expect.stringContaining('waiting in your review queue'),
      link: `/admin/applications/${applicationId}`,
    });
    expect((await list('partner')).items[0]).toMatchObject({ kind: 'application.status', link: `/dashboard/applications/${applicationId}` });
    expect((await list('pi')).items).toEqual([]);
    expect((await list('otherAdmin')).items).toEqual([]);
    expect((await list('colleague')).items).toEqual([]);
  });

  it('tells someone a task was given to them, once', async () => {
    const task = (await call('pi', 'POST', `/api/v1/applications/${applicationId}/tasks`, { title: 'Budget justification', assigneeId: p.partner!.id })).json().task;
    expect((await list('partner')).items[0]).toMatchObject({ kind: 'task.assigned', title: 'Pia Lead gave you a task', body: expect.stringContaining('Budget justification') });
    const before = (await list('partner')).unreadCount;
    await call('pi', 'PATCH', `/api/v1/tasks/${task.id}`, { assigneeId: p.partner!.id, title: 'Budget justification v2' });
    expect((await list('partner')).unreadCount).toBe(before);
  });
});

describe('my list', () => {
  it('pages, filters unread, and marks read (mine only)', async () => {
    const all = await list('partner', '?limit=2');
    expect(all.items).toHaveLength(2);
    expect(all.nextCursor).toEqual(expect.any(String));
    const rest = await list('partner', `?limit=2&cursor=${all.nextCursor}`);
    expect(rest.items.length).toBeGreaterThan(0);
    expect(rest.items.map((n: { id: string }) => n.id)).not.toContain(all.items[0].id);
    const adminItem = (await list('admin')).items[0];
    // Someone else's id changes nothing of theirs.
    expect((await call('partner', 'POST', '/api/v1/notifications/read', { ids: [adminItem.id] })).statusCode).toBe(200);
    expect((await list('admin')).unreadCount).toBe(1);
    deliveries.length = 0;
    const read = await call('partner', 'POST', '/api/v1/notifications/read', { ids: [all.items[0].id] });
    expect(read.json().unreadCount).toBe(all.unreadCount - 1);
    expect(deliveries.find((d) => d.event.type === 'notifications.read')?.recipients).toEqual([p.partner!.id]);
    expect((await list('partner', '?unread=true')).items.map((n: { id: string }) => n.id)).not.toContain(all.items[0].id);
    expect((await call('partner', 'POST', '/api/v1/notifications/read', { all: true })).json()).toEqual({ unreadCount: 0 });
    expect((await list('partner', '?unread=true')).items).toEqual([]);
  });

  it('refuses bad input and the signed out', async () => {
    expect((await call(undefined, 'GET', '/api/v1/notifications')).statusCode).toBe(401);
    for (const body of [{}, { ids: [] }, { ids: ['nope'] }, { all: false }]) {
      const res = await call('partner', 'POST', '/api/v1/notifications/read', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await call('partner', 'GET', '/api/v1/notifications?cursor=zzz')).json().code).toBe('validation_failed');
  });
});

describe('preferences', () => {
  it('start from the defaults and the institution’s time zone', async () => {
    const prefs = (await call('colleague', 'GET', '/api/v1/notification-preferences')).json();
    expect(prefs).toMatchObject({ kinds: defaultKindPreferences, digestHour: 8, reminderLeadTimes: ['2w', '3d'] });
    expect(prefs.timeZone).toEqual(expect.stringMatching(/^America\//));
  });

  it('are validated, saved, and obeyed: a kind turned off in the app is not listed', async () => {
    const prefs = (await call('colleague', 'GET', '/api/v1/notification-preferences')).json();
    for (const bad of [
      { ...prefs, digestHour: 24 },
      { ...prefs, timeZone: 'Mars/Olympus' },
      { ...prefs, reminderLeadTimes: ['5d'] },
      { ...prefs, kinds: { ...prefs.kinds, 'task.assigned': { inApp: true, email: 'hourly' } } },
    ]) {
      const res = await call('colleague', 'PUT', '/api/v1/notification-preferences', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const changed = {
      ...prefs,
      digestHour: 17,
      timeZone: 'America/Denver',
      reminderLeadTimes: ['1m', '3d'],
      kinds: { ...prefs.kinds, 'application.status': { inApp: false, email: 'off' } },
    };
    expect((await call('colleague', 'PUT', '/api/v1/notification-preferences', changed)).json()).toEqual(changed);
    expect((await call('colleague', 'GET', '/api/v1/notification-preferences')).json()).toEqual(changed);
    // Cora joins the team; the next stage change is not listed for her.
    const grant = await makeGrant(t.db, { title: 'Quiet one', closeDate: '2031-06-01' });
    const id = (await call('pi', 'POST', '/api/v1/applications', { grantId: grant.id })).json().application.id;
    await call('pi', 'POST', `/api/v1/applications/${id}/members`, { userId: p.colleague!.id, role: 'contributor' });
    await call('colleague', 'POST', `/api/v1/applications/${id}/members/me/accept`);
    await call('pi', 'PATCH', `/api/v1/applications/${id}`, { status: 'internal_review' });
    const kinds = (await list('colleague')).items.map((n: { kind: string }) => n.kind);
    expect(kinds).toContain('team.invitation');
    expect(kinds).not.toContain('application.status');
  });
});

describe('a return to drafting', () => {
  it('says why, in the notice (so its e-mail) and at the top of the application until it is sent again', async () => {
    const grant = await makeGrant(t.db, { title: 'Returned one', closeDate: '2031-06-01' });
    const id = (await call('pi', 'POST', '/api/v1/applications', { grantId: grant.id })).json().application.id;
    expect((await call('pi', 'PATCH', `/api/v1/applications/${id}`, { status: 'internal_review' })).statusCode).toBe(200);
    const reason = 'Add the letters of collaboration.';
    const back = await call('admin', 'PATCH', `/api/v1/applications/${id}`, { status: 'drafting', reason });
    expect(back.statusCode).toBe(200);
    expect(back.json().application.returned).toMatchObject({ reason, by: 'Otto Office', at: expect.any(String) });
    const [notice] = (await list('pi')).items;
    expect(notice).toMatchObject({
      kind: 'application.status',
      title: '“Returned one” moved back to drafting',
      body: `Otto Office returned it to drafting: “${reason}”`,
      link: `/dashboard/applications/${id}`,
    });
    const read = async () => (await call('pi', 'GET', `/api/v1/applications/${id}`)).json().application;
    expect((await read()).returned).toMatchObject({ reason, by: 'Otto Office' });
    // Sent again, the note goes; nobody else sees the application at all.
    expect((await call('pi', 'PATCH', `/api/v1/applications/${id}`, { status: 'internal_review' })).statusCode).toBe(200);
    expect((await read()).returned).toBeNull();
    expect((await call('otherAdmin', 'GET', `/api/v1/applications/${id}`)).statusCode).toBe(404);
  });
});
