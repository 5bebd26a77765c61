// The researcher home's grant suggestions through the API on a real database:
// open grants that fit the profile, minus what was saved or applied to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, sessionCookie, setResearchAreas } from '../../../test/factories';

let t: TestApp;
let cookie: string;
let blank: string;
let admin: string;
const grants: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const me = await makeUser(t.db);
  await setResearchAreas(t.db, me.user.id, ['Carbon Cycling', 'Forest Ecology']);
  cookie = await sessionCookie(t.db, me.user.id);
  blank = await sessionCookie(t.db, (await makeUser(t.db)).user.id);
  admin = await sessionCookie(t.db, (await makeUser(t.db, { role: 'admin' })).user.id);
  const open = { closeDate: '2099-06-01', postDate: '2026-10-01' };
  grants.fits = (await makeGrant(t.db, { title: 'Carbon in old forests', researchAreas: ['Carbon Cycling', 'Forest Ecology'], ...open })).id;
  grants.fitsLess = (await makeGrant(t.db, { title: 'Forest pests', researchAreas: ['Forest Ecology'], ...open })).id;
  grants.saved = (await makeGrant(t.db, { title: 'Soil carbon', researchAreas: ['Carbon Cycling'], ...open })).id;
  grants.applied = (await makeGrant(t.db, { title: 'Peatland carbon', researchAreas: ['Carbon Cycling'], ...open })).id;
  grants.elsewhere = (await makeGrant(t.db, { title: 'Vaccine trials', researchAreas: ['Immunology'], ...open })).id;
  grants.closed = (await makeGrant(t.db, { title: 'Carbon, closed', researchAreas: ['Carbon Cycling'], closeDate: '2020-01-01' })).id;
  await t.app.inject({ method: 'PUT', url: `/api/v1/grants/${grants.saved}/bookmark`, headers: { cookie } });
  await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie }, payload: { grantId: grants.applied } });
});
afterAll(() => t.close());

const suggested = (c: string | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/grants/suggested${query}`, headers: c ? { cookie: c } : {} });

describe('suggested grants', () => {
  it('are open grants that fit the profile, without the saved or applied ones, with reasons', async () => {
    const answer = await suggested(cookie);
    expect(answer.statusCode).toBe(200);
    const { results, needsProfile } = answer.json();
    expect(needsProfile).toBe(false);
    const byId = new Map(results.map((r: { grant: { id: string } }) => [r.grant.id, r]));
    expect([...byId.keys()].sort()).toEqual([grants.fits, grants.fitsLess].sort());
    // Every area of both grants is in the profile: both fit fully.
    expect(results.map((r: { score: number }) => r.score)).toEqual([100, 100]);
    expect(byId.get(grants.fits)).toMatchObject({ reasons: expect.arrayContaining(['Matches your research areas: Carbon Cycling, Forest Ecology']) });
    expect((await suggested(cookie, '?limit=1')).json().results).toHaveLength(1);
  });

  it('ask a profile without areas to be completed instead of guessing', async () => {
    expect((await suggested(blank)).json()).toEqual({ results: [], needsProfile: true });
  });

  it('refuse a bad limit, an administrator and a stranger', async () => {
    for (const limit of ['0', '21', 'four']) expect((await suggested(cookie, `?limit=${limit}`)).statusCode).toBe(400);
    expect((await suggested(admin)).statusCode).toBe(403);
    expect((await suggested(undefined)).statusCode).toBe(401);
  });
});
