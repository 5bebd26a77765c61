// The researcher home's stat view and remembered view through the API: every
// figure equals what the pipeline's own lists (My Grants) give, and only the
// researcher reads and sets theirs.
import { upcomingDeadlines } from '@grantbridge/contract/home';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, setResearchAreas, type TestPerson } from '../../../test/factories';

let t: TestApp;
let me: TestPerson & { domain: string };
let admin: TestPerson;
let colleague: TestPerson;

const get = (cookie: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (cookie: string, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

beforeAll(async () => {
  t = await createTestApp();
  me = await makePerson(t.db, 'Hana Home');
  admin = await makePerson(t.db, 'Ada Office', 'admin', me.domain);
  colleague = await makePerson(t.db, 'Cal Colleague', 'researcher', me.domain);
  await setResearchAreas(t.db, me.id, ['coastal ecology']);
  const grants = await Promise.all([
    makeGrant(t.db, { title: 'Saved and open', closeDate: '2031-01-10' }),
    makeGrant(t.db, { title: 'Saved but closed', closeDate: '2001-01-10' }),
    makeGrant(t.db, { title: 'Drafting one', closeDate: '2031-02-10' }),
    makeGrant(t.db, { title: 'Awarded one', closeDate: '2031-03-10' }),
  ]);
  await send(me.cookie, 'PUT', `/api/v1/grants/${grants[0]!.id}/bookmark`, {});
  await send(me.cookie, 'PUT', `/api/v1/grants/${grants[1]!.id}/bookmark`, {});
  await send(me.cookie, 'POST', '/api/v1/applications', { grantId: grants[2]!.id });
  const awarded = (await send(me.cookie, 'POST', '/api/v1/applications', { grantId: grants[3]!.id })).json().application.id;
  await send(me.cookie, 'PATCH', `/api/v1/applications/${awarded}`, { status: 'internal_review' });
  await send(admin.cookie, 'PATCH', `/api/v1/applications/${awarded}`, { status: 'submitted' });
  expect((await send(admin.cookie, 'PATCH', `/api/v1/applications/${awarded}`, { status: 'awarded', amountAwarded: 90000 })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /dashboard', () => {
  it('counts exactly what the pipeline lists hold', async () => {
    const res = await get(me.cookie, '/api/v1/dashboard?today=2026-11-25');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const { applications } = (await get(me.cookie, '/api/v1/applications')).json();
    const { grants: saved } = (await get(me.cookie, '/api/v1/saved-grants')).json();
    expect(body.stats).toEqual({
      activeGrants: applications.filter((a: { status: string }) => a.status === 'awarded').length,
      savedGrants: saved.length,
      applicationsInProgress: applications.filter((a: { status: string }) => a.status === 'drafting').length,
      upcomingDeadlines: upcomingDeadlines(applications, saved, '2026-11-25').length,
    });
    expect(body.stats).toEqual({ activeGrants: 1, savedGrants: 2, applicationsInProgress: 1, upcomingDeadlines: 3 });
    expect(body.activeGrants).toMatchObject([{ grantTitle: 'Awarded one', amountAwarded: 90000 }]);
    expect(body.applicationsInProgress[0]).toMatchObject({ grantTitle: 'Drafting one', checklist: expect.any(Array) });
    expect(body.applicationsInProgress[0].checklist.length).toBeGreaterThan(0);
    expect(body.upcomingDeadlines.map((d: { what: string; title: string }) => `${d.what}: ${d.title}`)).toEqual([
      'Saved grant closes: Saved and open',
      'Internal deadline: Drafting one',
      'Sponsor deadline: Drafting one',
    ]);
    expect(body.recommendedGrants.needsProfile).toBe(false);
    expect(body.view).toBe('feed');
  });

  it('asks a profile without areas to be completed', async () => {
    const body = (await get(colleague.cookie, '/api/v1/dashboard')).json();
    expect(body.recommendedGrants).toEqual({ results: [], needsProfile: true });
    expect(body.stats).toEqual({ activeGrants: 0, savedGrants: 0, applicationsInProgress: 0, upcomingDeadlines: 0 });
  });

  it('is the researcher’s own: 401 signed out, 403 for an admin, a bad day refused', async () => {
    expect((await get(undefined, '/api/v1/dashboard')).statusCode).toBe(401);
    expect((await get(admin.cookie, '/api/v1/dashboard')).statusCode).toBe(403);
    expect((await get(me.cookie, '/api/v1/dashboard?today=yesterday')).json().code).toBe('validation_failed');
  });
});

describe('PUT /dashboard/view', () => {
  it('remembers the view per person', async () => {
    expect((await send(me.cookie, 'PUT', '/api/v1/dashboard/view', { view: 'stats' })).json()).toEqual({ view: 'stats' });
    expect((await get(me.cookie, '/api/v1/dashboard')).json().view).toBe('stats');
    expect((await get(colleague.cookie, '/api/v1/dashboard')).json().view).toBe('feed');
    expect((await send(me.cookie, 'PUT', '/api/v1/dashboard/view', { view: 'feed' })).json()).toEqual({ view: 'feed' });
    expect((await get(me.cookie, '/api/v1/dashboard')).json().view).toBe('feed');
  });

  it('refuses another view, and an admin, changing nothing', async () => {
    const bad = await send(me.cookie, 'PUT', '/api/v1/dashboard/view', { view: 'grid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect((await send(admin.cookie, 'PUT', '/api/v1/dashboard/view', { view: 'stats' })).statusCode).toBe(403);
    expect((await get(me.cookie, '/api/v1/dashboard')).json().view).toBe('feed');
  });
});
