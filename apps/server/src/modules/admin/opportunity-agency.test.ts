// The research office's Open Opportunities (GET /admin/overview) name each
// grant's agency; a record that has no agency name (many Grants.gov records
// carry only the code, "HHS-CDC") shows its code rather than nothing (issue 30,
// item 8: "duplicate Open Opportunities without agency").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, setResearchAreas, type TestPerson } from '../../../test/factories';
import { forgetOpenGrantAreas } from '../grants/open-opportunities';

let t: TestApp;
let admin: TestPerson & { domain: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await makePerson(t.db, 'Ora Office', 'admin');
  const researcher = await makePerson(t.db, 'Vic Virology', 'researcher', admin.domain);
  await setResearchAreas(t.db, researcher.id, ['Virology']);
  ids.coded = (
    await makeGrant(t.db, { title: 'Vector surveillance', agency: null, agencyCode: 'HHS-CDC', researchAreas: ['Virology'], closeDate: '2099-03-01' })
  ).id;
  ids.named = (
    await makeGrant(t.db, {
      title: 'Viral evolution',
      agency: 'National Science Foundation',
      agencyCode: 'NSF',
      researchAreas: ['Virology'],
      closeDate: '2099-04-01',
    })
  ).id;
  ids.bare = (
    await makeGrant(t.db, { title: 'Virus ecology', agency: null, agencyCode: null, researchAreas: ['Virology'], closeDate: '2099-05-01' })
  ).id;
  forgetOpenGrantAreas();
});
afterAll(() => t.close());

describe('Open Opportunities on the admin dashboard', () => {
  it('shows the agency code of a record without an agency name, the name when there is one, and null with neither', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/overview', headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { stats: { openOpportunities: number }; opportunities: { grant: { id: string; agency: string | null }; researchers: number }[] };
    expect(body.stats.openOpportunities).toBe(3);
    // One researcher fits each; the soonest closing first.
    expect(body.opportunities.map((o) => [o.grant.id, o.grant.agency, o.researchers])).toEqual([
      [ids.coded, 'HHS-CDC', 1],
      [ids.named, 'National Science Foundation', 1],
      [ids.bare, null, 1],
    ]);
  });
});
