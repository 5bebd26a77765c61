// The researcher home's grant suggestions through the API on a real database:
// open grants that fit the profile and that a university may lead (issue 30),
// minus what was saved or applied to, never scored 0.
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
  // Right topic, but only a tribe or a small business may lead them: a university cannot (issue 30).
  grants.tribesOnly = (
    await makeGrant(t.db, { title: 'Forest carbon on tribal lands', researchAreas: ['Carbon Cycling', 'Forest Ecology'], eligibilityCodes: ['07', '11'], ...open })
  ).id;
  grants.sbir = (
    await makeGrant(t.db, { title: 'SBIR Phase I: forest carbon sensors', researchAreas: ['Carbon Cycling', 'Forest Ecology'], eligibilityCodes: ['99'], ...open })
  ).id;
  grants.universities = (
    await makeGrant(t.db, { title: 'Carbon cycling in forest soils', researchAreas: ['Carbon Cycling'], eligibilityCodes: ['06', '20'], ...open })
  ).id;
  // Says a word of an area ("forest") and shares none of the areas: ranked by words, it may come, but never at 0.
  grants.wordOnly = (await makeGrant(t.db, { title: 'Forest roads maintenance', researchAreas: ['Transportation'], ...open })).id;
  await t.app.inject({ method: 'PUT', url: `/api/v1/grants/${grants.saved}/bookmark`, headers: { cookie } });
  await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie }, payload: { grantId: grants.applied } });
});
afterAll(() => t.close());

const suggested = (c: string | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/grants/suggested${query}`, headers: c ? { cookie: c } : {} });

describe('suggested grants', () => {
  it('are open grants that fit the profile, without the saved or applied ones, with reasons', async () => {
    const answer = await suggested(cookie, '?limit=20');
    expect(answer.statusCode).toBe(200);
    const { results, needsProfile } = answer.json() as { results: { grant: { id: string }; score: number; reasons: string[] }[]; needsProfile: boolean };
    expect(needsProfile).toBe(false);
    const ids = results.map((r) => r.grant.id);
    for (const id of [grants.fits, grants.fitsLess, grants.universities]) expect(ids).toContain(id);
    for (const id of [grants.saved, grants.applied, grants.elsewhere, grants.closed]) expect(ids).not.toContain(id);
    // The grants about both areas come before the one about one.
    expect(ids.indexOf(grants.fits)).toBeLessThan(ids.indexOf(grants.fitsLess));
    const fits = results.find((r) => r.grant.id === grants.fits)!;
    expect(fits.reasons[0]).toBe('Matches your research areas: Carbon Cycling, Forest Ecology');
    // Never a 0, nor a weak one.
    for (const r of results) expect(r.score).toBeGreaterThanOrEqual(30);
    expect((await suggested(cookie, '?limit=1')).json().results).toHaveLength(1);
  });

  it('leave out what a university cannot lead: tribe-only and SBIR/STTR calls', async () => {
    const ids = (await suggested(cookie, '?limit=20')).json().results.map((r: { grant: { id: string } }) => r.grant.id);
    expect(ids).not.toContain(grants.tribesOnly);
    expect(ids).not.toContain(grants.sbir);
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
