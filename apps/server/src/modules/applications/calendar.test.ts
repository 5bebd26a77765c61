// The calendar feed and single-deadline events, read back by a calendar
// library (ical.js) as a calendar program would.
import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, sessionCookie } from '../../../test/factories';

let t: TestApp;
let pi: string;
let colleague: string;
let applicationId: string;

beforeAll(async () => {
  t = await createTestApp();
  const person = await makeUser(t.db);
  pi = await sessionCookie(t.db, person.user.id);
  colleague = await sessionCookie(t.db, (await makeUser(t.db, { domain: person.email.split('@')[1]! })).user.id);
  // Friday 15 March 2030: the internal deadline is Friday the 8th.
  const grant = await makeGrant(t.db, { title: 'Glacier melt', closeDate: '2030-03-15' });
  const saved = await makeGrant(t.db, { title: 'Soil microbes', closeDate: '2030-09-30' });
  applicationId = (
    await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie: pi }, payload: { grantId: grant.id } })
  ).json().application.id;
  await t.app.inject({ method: 'PUT', url: `/api/v1/grants/${saved.id}/bookmark`, headers: { cookie: pi } });
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/applications/${applicationId}/tasks`,
    headers: { cookie: pi },
    payload: { title: 'Send the budget', dueDate: '2030-03-01', assigneeId: person.user.id },
  });
});
afterAll(() => t.close());

/** The events of an iCalendar document as [summary, start day]. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar
    .getAllSubcomponents('vevent')
    .map((v) => new ICAL.Event(v))
    .map((e) => [e.summary, e.startDate.toString(), e.startDate.isDate] as const)
    .sort((a, b) => a[1].localeCompare(b[1]));
}

describe('the calendar feed', () => {
  it('is a secret address a calendar reads without signing in', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/calendar/feed' })).statusCode).toBe(401);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/calendar/feed', headers: { cookie: pi } });
    expect(created.statusCode).toBe(201);
    const { url } = created.json();
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}$/);
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(eventsOf(feed.body)).toEqual([
      ['Task due: Send the budget', '2030-03-01', true],
      ['Internal deadline: Glacier melt', '2030-03-08', true],
      ['Sponsor deadline: Glacier melt', '2030-03-15', true],
      ['Closes: Soil microbes', '2030-09-30', true],
    ]);
  });

  it('stops answering at the old address once a new one is made', async () => {
    const first = new URL((await t.app.inject({ method: 'POST', url: '/api/v1/calendar/feed', headers: { cookie: pi } })).json().url);
    const second = new URL((await t.app.inject({ method: 'POST', url: '/api/v1/calendar/feed', headers: { cookie: pi } })).json().url);
    expect((await t.app.inject({ method: 'GET', url: first.pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.pathname })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/calendar/feed/made-up' })).statusCode).toBe(404);
  });

  it('answers 404 once its owner is deactivated, and again when reactivated (issue 27)', async () => {
    const owner = await makeUser(t.db);
    const cookie = await sessionCookie(t.db, owner.user.id);
    const url = new URL((await t.app.inject({ method: 'POST', url: '/api/v1/calendar/feed', headers: { cookie } })).json().url);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE users SET status = 'deactivated' WHERE id = ${owner.user.id}`);
    const gone = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('BEGIN:VCALENDAR');
    await t.db.execute(sql`UPDATE users SET status = 'active' WHERE id = ${owner.user.id}`);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(200);
  });
});

describe('one deadline to add to a calendar', () => {
  it('downloads as a single all-day event, for those who may see the application', async () => {
    const internal = await t.app.inject({
      method: 'GET',
      url: `/api/v1/applications/${applicationId}/calendar?deadline=internal`,
      headers: { cookie: pi },
    });
    expect(internal.headers['content-disposition']).toBe('attachment; filename="internal-deadline.ics"');
    expect(eventsOf(internal.body)).toEqual([['Internal deadline: Glacier melt', '2030-03-08', true]]);
    const probe = await t.app.inject({
      method: 'GET',
      url: `/api/v1/applications/${applicationId}/calendar?deadline=sponsor`,
      headers: { cookie: colleague },
    });
    expect(probe.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/applications/${applicationId}/calendar?deadline=soon`,
      headers: { cookie: pi },
    });
    expect(bad.statusCode).toBe(400);
  });
});
