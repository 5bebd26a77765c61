import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, setResearchAreas, signIn } from '../../../test/factories';

let t: TestApp;
let cookie: string;
let grantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const me = await makeUser(t.db);
  await setResearchAreas(t.db, me.user.id, ['Carbon Cycling']);
  cookie = (await signIn(t.app, { email: me.email, password: me.password, role: 'researcher' })).cookie;
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

describe('GET /api/v1/grants/:id', () => {
  it('returns the grant with labels, funding, dates, a Grants.gov link and viewer state', async () => {
    const res = await get(`/api/v1/grants/${grantId}`);
    expect(res.statusCode).toBe(200);
    const { grant } = res.json();
    expect(grant.eligibility.applicantTypes).toEqual([
      { code: '06', label: 'Public and State controlled institutions of higher education' },
      { code: '25', label: expect.any(String) },
    ]);
    expect(grant.funding).toEqual({ ceiling: 500000, floor: 100000, total: 2000000, expectedAwards: 4, costSharing: false });
    expect(grant.dates).toMatchObject({ posted: '2026-10-01', closing: '2099-01-01' });
    expect(grant.portalUrl).toBe('https://www.grants.gov/search-results-detail/350123');
    expect(grant.viewer).toEqual({ saved: false, application: null, matchPercent: 50, sponsorCap: null, limitedSubmission: null });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['7b1e6f7e-0000-4000-8000-000000000000', 'not-an-id', '1']) {
      const res = await get(`/api/v1/grants/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});
