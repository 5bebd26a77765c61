// NIH's cap of six applications a year (issue 29 §2) through the API on a
// real database: NIH's row as migration 0048 inserts it, the PI's count on an
// NIH grant's page, a colleague's own, the office's researcher page and its
// list of researchers near the cap; the authorization table (signed out,
// researchers here and elsewhere, another institution's office, a deactivated
// admin) and bad input; the sixth; a made-up sponsor's cap inserted as a row
// and counted through the same routes with no code of its own; and the
// table's checks refusing rows that say nothing sensible.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { nihCapRule } from '../../../test/nih-cap-rule';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';
import { forgetSponsorCapRules, sponsorCapRulesOf, sponsorCapRulesTtlMs } from './sponsor-caps';
import { listSponsorCapRules } from './sponsor-caps.repository';

let t: TestApp;
let pi: TestPerson & { domain: string };
let colleague: TestPerson;
let office: TestPerson;
let otherOffice: TestPerson & { domain: string };
let otherResearcher: TestPerson;
let openNih: string;
let nsf: string;
const year = new Date().getUTCFullYear();
const nih = { agency: 'National Institutes of Health', agencyCode: 'HHS-NIH11' };

async function applied(userId: string, grant: Partial<Parameters<typeof makeGrant>[1]>, status: string, submitted = true) {
  const g = await makeGrant(t.db, { ...nih, status: 'closed', closeDate: `${year}-03-05`, ...grant });
  await t.db.execute(sql`INSERT INTO applications (user_id, grant_id, status, submitted_at)
    VALUES (${userId}, ${g.id}, ${status}, ${submitted ? new Date(`${year}-03-01T12:00:00Z`) : null})`);
  return g.id;
}

beforeAll(async () => {
  t = await createTestApp();
  pi = await makePerson(t.db, 'Ada Counted');
  colleague = await makePerson(t.db, 'Ben Colleague', 'researcher', pi.domain);
  office = await makePerson(t.db, 'Office Admin', 'admin', pi.domain);
  otherOffice = (await makePerson(t.db, 'Elsewhere Admin', 'admin')) as TestPerson & { domain: string };
  otherResearcher = await makePerson(t.db, 'Elsewhere Researcher', 'researcher', otherOffice.domain);
  // Five that count: every stage from submitted on, and a withdrawal after submission.
  await applied(pi.id, { title: 'Research Project Grant (Parent R01 Clinical Trial Not Allowed)' }, 'submitted');
  await applied(pi.id, { title: 'Exploratory Research (R21)' }, 'under_review');
  await applied(pi.id, { title: 'Pilot (R34)', closeDate: `${year}-01-01` }, 'awarded');
  await applied(pi.id, { title: 'Small Grant (R03)', closeDate: `${year}-12-31` }, 'rejected');
  await applied(pi.id, { title: 'Planning (UG3/UH3)' }, 'withdrawn');
  // And none of these: not sent yet, withdrawn before submission, training (T32), a conference (R13), another year, NSF.
  await applied(pi.id, { title: 'Draft (R01)', status: 'posted', closeDate: `${year}-12-30` }, 'drafting', false);
  await applied(pi.id, { title: 'In review (R01)' }, 'internal_review', false);
  await applied(pi.id, { title: 'Dropped (R01)' }, 'withdrawn', false);
  await applied(pi.id, { title: 'Institutional Research Training Grant (T32)' }, 'submitted');
  await applied(pi.id, { title: 'Support for Conferences and Scientific Meetings (R13 Clinical Trial Not Allowed)' }, 'awarded');
  await applied(pi.id, { title: 'Last year (R01)', closeDate: `${year - 1}-11-05` }, 'rejected');
  await applied(pi.id, { agency: 'National Science Foundation', agencyCode: 'NSF', title: 'CAREER' }, 'submitted');
  // The colleague's one: theirs alone.
  await applied(colleague.id, { title: 'Colleague (R01)' }, 'submitted');
  openNih = (await makeGrant(t.db, { ...nih, title: 'Open call (R01 Clinical Trial Optional)', status: 'posted', closeDate: `${year}-12-31` })).id;
  nsf = (await makeGrant(t.db, { title: 'An NSF call', status: 'posted', closeDate: `${year}-12-31` })).id;
}, 120_000);
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const patch = (id: string, cookie: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/applications/${id}`, headers: { cookie }, payload: { status } });
const capOnPage = async (grantId: string, who: TestPerson) => (await get(`/api/v1/grants/${grantId}`, who.cookie)).json().grant.viewer.sponsorCap;
const source = { notice: 'NOT-OD-25-132', url: 'https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-132.html' };

describe('the rule is a row', () => {
  it("holds NIH's cap as NOT-OD-25-132 states it, with the application types it counts", async () => {
    expect(await listSponsorCapRules(t.db)).toEqual([nihCapRule]);
  });
});

describe("the NIH cap on the grant page's viewer state", () => {
  it("counts the PI's NIH applications from submitted on, in the close date's year: five, one below the cap", async () => {
    expect(await capOnPage(openNih, pi)).toMatchObject({ sponsor: 'NIH', cap: 6, used: 5, year, warn: true, atCap: false, source });
  });

  it("a colleague sees their own count, none of the PI's; a grant of another sponsor has none", async () => {
    expect(await capOnPage(openNih, colleague)).toMatchObject({ used: 1, warn: false, atCap: false });
    expect(await capOnPage(nsf, pi)).toBeNull();
  });

  it('the sixth, once the office submits it, reaches the cap', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie: pi.cookie }, payload: { grantId: openNih } });
    const id = started.json().application.id;
    expect((await patch(id, pi.cookie, 'internal_review')).statusCode).toBe(200);
    expect(await capOnPage(openNih, pi)).toMatchObject({ used: 5, warn: true });
    expect((await patch(id, office.cookie, 'submitted')).statusCode).toBe(200);
    expect(await capOnPage(openNih, pi)).toMatchObject({ used: 6, warn: false, atCap: true });
  });
});

describe("the office's views", () => {
  it("the researcher page has the count for this year; the list names those near the cap, not the others", async () => {
    const detail = await get(`/api/v1/admin/researchers/${pi.id}`, office.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().sponsorCaps).toEqual([expect.objectContaining({ sponsor: 'NIH', used: 6, cap: 6, year, atCap: true })]);
    const list = await get('/api/v1/admin/sponsor-caps', office.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      year,
      researchers: [{ researcher: { id: pi.id, name: 'Ada Counted', department: null }, status: expect.objectContaining({ sponsor: 'NIH', used: 6 }) }],
    });
  });

  it("another institution's office sees neither; researchers here and elsewhere are refused; signed out is 401", async () => {
    expect((await get(`/api/v1/admin/researchers/${pi.id}`, otherOffice.cookie)).statusCode).toBe(404);
    const elsewhere = await get('/api/v1/admin/sponsor-caps', otherOffice.cookie);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toEqual({ year, researchers: [] });
    for (const researcher of [pi, colleague, otherResearcher]) {
      const refused = await get('/api/v1/admin/sponsor-caps', researcher.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('forbidden');
      expect(JSON.stringify(refused.json())).not.toContain('Ada Counted');
      expect((await get(`/api/v1/admin/researchers/${pi.id}`, researcher.cookie)).statusCode).toBe(403);
    }
    const signedOut = await get('/api/v1/admin/sponsor-caps');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().code).toBe('unauthenticated');
    expect((await get(`/api/v1/admin/researchers/${pi.id}`)).statusCode).toBe(401);
    expect((await get(`/api/v1/grants/${openNih}`)).statusCode).toBe(401);
  });

  it("a researcher elsewhere sees their own count on an NIH grant, none of this institution's", async () => {
    expect(await capOnPage(openNih, otherResearcher)).toMatchObject({ sponsor: 'NIH', used: 0, warn: false, atCap: false });
  });

  it('a deactivated admin is refused', async () => {
    const gone = await makePerson(t.db, 'Gone Admin', 'admin', pi.domain);
    await t.db.execute(sql`UPDATE users SET status = 'deactivated' WHERE id = ${gone.id}`);
    expect([401, 403]).toContain((await get('/api/v1/admin/sponsor-caps', gone.cookie)).statusCode);
  });

  it('refuses a researcher id that is not one, and answers the list the same whatever query it is sent', async () => {
    const bad = await get('/api/v1/admin/researchers/not-a-uuid', office.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect((await get('/api/v1/admin/researchers/00000000-0000-4000-8000-000000000000', office.cookie)).statusCode).toBe(404);
    const plain = (await get('/api/v1/admin/sponsor-caps', office.cookie)).json();
    const queried = await get('/api/v1/admin/sponsor-caps?year=abc&sponsor=%27%3B--', office.cookie);
    expect(queried.statusCode).toBe(200);
    expect(queried.json()).toEqual(plain);
  });
});

describe('another sponsor', () => {
  const insertTestAgency = () =>
    t.db.execute(sql`INSERT INTO sponsor_cap_rules (sponsor, agency_code_prefixes, cap, period, year_basis, counted_stages,
        withdrawn_counts_if_submitted, roles, excluded_activity_codes, counted_application_types, effective_from,
        source_notice, source_title, source_url)
      VALUES ('Test Agency', ARRAY['TEST-AG'], 2, 'calendar-year', 'sponsor-close-date', ARRAY['submitted', 'under_review', 'awarded'],
        false, ARRAY['pi'], '{}', ARRAY['new'], '2020-01-01', 'TEST-1', 'A made-up cap', 'https://example.org/test-cap')`);

  it('is a row: inserted, its applications are counted and shown through the routes without code changes', async () => {
    const testAgency = { agency: 'Test Agency', agencyCode: 'TEST-AG-7' };
    const counted = await applied(colleague.id, { ...testAgency, title: 'Test call (R01)' }, 'under_review');
    await applied(colleague.id, { ...testAgency, title: 'Turned down' }, 'rejected'); // not one of this row's stages
    await applied(colleague.id, { ...testAgency, title: 'Taken back' }, 'withdrawn'); // nor a withdrawal, for this row
    await applied(pi.id, { ...testAgency, title: 'Test call elsewhere (T32)' }, 'submitted'); // no codes excluded: counts
    await insertTestAgency();
    forgetSponsorCapRules();
    expect(await capOnPage(counted, colleague)).toMatchObject({
      sponsor: 'Test Agency',
      cap: 2,
      used: 1,
      year,
      warn: true,
      atCap: false,
      source: { notice: 'TEST-1', title: 'A made-up cap', url: 'https://example.org/test-cap' },
    });
    expect(await capOnPage(openNih, colleague)).toMatchObject({ sponsor: 'NIH', used: 1 });
    const detail = (await get(`/api/v1/admin/researchers/${colleague.id}`, office.cookie)).json();
    expect(detail.sponsorCaps.map((s: { sponsor: string; used: number }) => [s.sponsor, s.used])).toEqual([
      ['NIH', 1],
      ['Test Agency', 1],
    ]);
    const near = (await get('/api/v1/admin/sponsor-caps', office.cookie)).json();
    expect(near.researchers.map((r: { researcher: { name: string }; status: { sponsor: string; used: number } }) => [r.researcher.name, r.status.sponsor, r.status.used])).toEqual([
      ['Ada Counted', 'NIH', 6],
      ['Ada Counted', 'Test Agency', 1],
      ['Ben Colleague', 'Test Agency', 1],
    ]);
    expect((await get('/api/v1/admin/sponsor-caps', otherOffice.cookie)).json().researchers).toEqual([]);
  });

  it('is read once a minute per database: a changed row shows once the minute is out', async () => {
    const before = await sponsorCapRulesOf(t.db);
    await t.db.execute(sql`UPDATE sponsor_cap_rules SET cap = 3 WHERE sponsor = 'Test Agency'`);
    expect(await sponsorCapRulesOf(t.db)).toBe(before);
    const later = await sponsorCapRulesOf(t.db, Date.now() + sponsorCapRulesTtlMs + 1);
    expect(later.find((r) => r.sponsor === 'Test Agency')?.cap).toBe(3);
    await t.db.execute(sql`UPDATE sponsor_cap_rules SET cap = 2 WHERE sponsor = 'Test Agency'`);
    forgetSponsorCapRules();
  });

  it('the table refuses a row that says nothing sensible', async () => {
    const bad = [
      sql`cap = 0`,
      sql`agency_code_prefixes = '{}'`,
      sql`agency_code_prefixes = ARRAY['TEST%']`,
      sql`counted_stages = ARRAY['drafting']`,
      sql`counted_stages = ARRAY['withdrawn']`,
      sql`roles = ARRAY['co_investigator']`,
      sql`excluded_activity_codes = ARRAY['r13']`,
      sql`excluded_activity_codes = ARRAY['R13', '']`,
      sql`counted_application_types = ARRAY['supplement']`,
      sql`counted_application_types = '{}'`,
      sql`period = 'fiscal-year'`,
      sql`year_basis = 'submitted'`,
      sql`source_url = 'http://example.org'`,
      sql`sponsor = ' '`,
    ];
    for (const set of bad) {
      const error = await t.db.execute(sql`UPDATE sponsor_cap_rules SET ${set} WHERE sponsor = 'Test Agency'`).then(
        () => null,
        (e: Error & { cause?: unknown }) => `${e.message} ${String(e.cause)}`,
      );
      expect(error).toMatch(/violates check constraint "sponsor_cap_rules_[a-z_]+_check"/);
    }
    expect((await listSponsorCapRules(t.db)).find((r) => r.sponsor === 'Test Agency')).toMatchObject({ cap: 2, agencyCodePrefixes: ['TEST-AG'] });
  });
});
