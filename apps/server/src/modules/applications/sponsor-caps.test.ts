// NIH's cap of six applications a year (issue 29 §2) through the API on a
// real database: the PI's count on an NIH grant's page, a colleague's own,
// the office's researcher page and its list of researchers near the cap,
// another institution's office and a signed-out visitor; the sixth; and a
// made-up sponsor's row counted by the same code.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sponsorCapRules, type SponsorCapRule } from '@grantbridge/contract/sponsor-caps';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';
import { researchersNearSponsorCaps, sponsorCapsOf } from './applications.service';
import { sponsorCapForGrant } from './sponsor-caps';

let t: TestApp;
let pi: TestPerson & { domain: string };
let colleague: TestPerson;
let office: TestPerson;
let otherOffice: TestPerson;
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
  otherOffice = await makePerson(t.db, 'Elsewhere Admin', 'admin');
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

  it("another institution's office sees neither; researchers are refused; signed out is 401", async () => {
    expect((await get(`/api/v1/admin/researchers/${pi.id}`, otherOffice.cookie)).statusCode).toBe(404);
    const elsewhere = await get('/api/v1/admin/sponsor-caps', otherOffice.cookie);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().researchers).toEqual([]);
    const researcher = await get('/api/v1/admin/sponsor-caps', pi.cookie);
    expect(researcher.statusCode).toBe(403);
    expect(researcher.json().code).toBe('forbidden');
    const signedOut = await get('/api/v1/admin/sponsor-caps');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().code).toBe('unauthenticated');
    expect((await get(`/api/v1/grants/${openNih}`)).statusCode).toBe(401);
  });
});

describe('another sponsor', () => {
  it('is a row: its applications are counted and listed without code changes', async () => {
    const acme: SponsorCapRule = {
      ...sponsorCapRules[0]!,
      sponsor: 'ACME',
      agencyCodePrefixes: ['ACME'],
      cap: 2,
      excludedActivityCodes: [],
      source: { notice: 'ACME-1', title: 'A made-up cap', url: 'https://example.org/acme' },
    };
    const rules = [...sponsorCapRules, acme];
    const grantId = await applied(colleague.id, { agency: 'Acme Foundation', agencyCode: 'ACME-X', title: 'Acme call' }, 'under_review');
    expect(await sponsorCapForGrant(t.db, colleague.id, grantId, new Date(), rules)).toMatchObject({ sponsor: 'ACME', cap: 2, used: 1, warn: true });
    expect((await sponsorCapsOf(t.db, colleague.id, new Date(), rules)).map((s) => [s.sponsor, s.used])).toEqual([['NIH', 1], ['ACME', 1]]);
    const near = await researchersNearSponsorCaps(t.db, await institutionOf(colleague.id), new Date(), rules);
    expect(near.researchers.map((r) => [r.researcher.name, r.status.sponsor, r.status.used])).toEqual([
      ['Ada Counted', 'NIH', 6],
      ['Ben Colleague', 'ACME', 1],
    ]);
  });
});

async function institutionOf(userId: string) {
  const result = (await t.db.execute(sql`SELECT institution_id FROM users WHERE id = ${userId}`)) as { rows: { institution_id: string }[] };
  return result.rows[0]!.institution_id;
}
