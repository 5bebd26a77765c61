// My Grants through the API on a real database: bookmarks per person, and
// Apply Now (one application per grant and person; none for a closed grant).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, setResearchAreas, signIn } from '../../../test/factories';

let t: TestApp;
let cookie: string;
let grantId: string;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const me = await makeUser(t.db);
  await setResearchAreas(t.db, me.user.id, ['Carbon Cycling']);
  cookie = (await signIn(t.app, { email: me.email, password: me.password, role: 'researcher' })).cookie;
  const other = await makeUser(t.db);
  otherCookie = (await signIn(t.app, { email: other.email, password: other.password, role: 'researcher' })).cookie;
  grantId = (
    await makeGrant(t.db, {
      sourceId: '350123',
      title: 'Carbon and forests',
      researchAreas: ['Carbon Cycling', 'Forest Ecology'],
      eligibilityCodes: ['06', '25'],
      eligibilityText: 'Universities only.',
      categoryCodes: ['ST'],
      instrumentCodes: ['G'],
      awardCeiling: 500_000,
      awardFloor: 100_000,
      totalFunding: 2_000_000,
      expectedAwards: 4,
      costSharing: false,
      postDate: '2026-10-01',
      closeDate: '2099-01-01',
    })
  ).id;
});
afterAll(() => t.close());

const get = (url: string, c = cookie) => t.app.inject({ method: 'GET', url, headers: { cookie: c } });
describe('bookmarks and applications', () => {
  it('bookmarks per user', async () => {
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/grants/${grantId}/bookmark`, headers: { cookie } });
    expect(put.json()).toEqual({ saved: true });
    expect((await get(`/api/v1/grants/${grantId}`)).json().grant.viewer.saved).toBe(true);
    expect((await get(`/api/v1/grants/${grantId}`, otherCookie)).json().grant.viewer.saved).toBe(false);
    const saved = await get('/api/v1/saved-grants');
    expect(saved.json().grants.map((g: { id: string }) => g.id)).toEqual([grantId]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/grants/${grantId}/bookmark`, headers: { cookie } });
    expect(del.json()).toEqual({ saved: false });
    expect((await get('/api/v1/saved-grants')).json().grants).toEqual([]);
  });

  it('Apply Now starts one drafting application; a second press returns the same one', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie }, payload: { grantId } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ created: true, application: { status: 'drafting', grantId } });
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie }, payload: { grantId } });
    expect(second.statusCode).toBe(200);
    expect(second.json().application.id).toBe(first.json().application.id);
    expect((await get('/api/v1/applications')).json().applications).toHaveLength(1);
    expect((await get(`/api/v1/grants/${grantId}`)).json().grant.viewer.application).toEqual({
      id: first.json().application.id,
      status: 'drafting',
    });
    expect((await get('/api/v1/applications', otherCookie)).json().applications).toEqual([]);
  });

  it('takes no new application for a closed grant', async () => {
    const closed = await makeGrant(t.db, { title: 'Closed call', closeDate: '2001-01-01' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie }, payload: { grantId: closed.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', detail: 'This opportunity is closed for applications.' });
    expect((await get('/api/v1/applications')).json().applications.map((a: { grantId: string }) => a.grantId)).not.toContain(closed.id);
  });

  it('rejects an application for a missing grant', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie }, payload: { grantId: 'x' } });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: { cookie },
      payload: { grantId: '7b1e6f7e-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
