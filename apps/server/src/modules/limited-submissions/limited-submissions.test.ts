// Limited submissions (issue 29 §1) through the API on a real database: the
// authorization table (signed out, researcher, colleague, the office, an
// invited reviewer, another institution's office and researcher, a
// deactivated member), bad input changing nothing, pre-proposals with PDFs,
// reviews, selection up to the cap (409 limit_reached, under concurrency too),
// a place freed by withdrawal, and the line on the grant page and in search.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, todayIso } from '@grantbridge/contract/days';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';

let t: TestApp;
let office: TestPerson & { domain: string };
let ada: TestPerson;
let ben: TestPerson;
let cleo: TestPerson;
let reviewer: TestPerson;
let otherOffice: TestPerson;
let otherResearcher: TestPerson;
let grantId: string;
let grantTitle: string;
const deadline = addIsoDays(todayIso(), 30);
const pdf = (text = 'pre-proposal') => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`).toString('base64');
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64');

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined && { payload: payload as object }) });
const create = (cookie: string | undefined, body: object) => call('POST', '/api/v1/admin/limited-submissions', cookie, body);
const submit = (callId: string, cookie: string, body: object) => call('POST', `/api/v1/limited-submissions/${callId}/pre-proposals`, cookie, body);
const decide = (callId: string, id: string, cookie: string | undefined, status: string) =>
  call('PATCH', `/api/v1/admin/limited-submissions/${callId}/pre-proposals/${id}`, cookie, { status });
const line = async (cookie: string) => (await call('GET', `/api/v1/grants/${grantId}`, cookie)).json().grant.viewer.limitedSubmission;
const countCalls = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM limited_calls`))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  office = await makePerson(t.db, 'Olive Office', 'admin');
  ada = await makePerson(t.db, 'Ada Proposer', 'researcher', office.domain);
  ben = await makePerson(t.db, 'Ben Proposer', 'researcher', office.domain);
  cleo = await makePerson(t.db, 'Cleo Proposer', 'researcher', office.domain);
  reviewer = await makePerson(t.db, 'Rita Reviewer', 'researcher', office.domain);
  otherOffice = await makePerson(t.db, 'Elsewhere Office', 'admin');
  otherResearcher = await makePerson(t.db, 'Elsewhere Researcher', 'researcher', (otherOffice as TestPerson & { domain: string }).domain);
  const grant = await makeGrant(t.db, { title: 'Major Research Instrumentation Zephyrine Program' });
  grantId = grant.id;
  grantTitle = grant.title;
}, 120_000);
afterAll(() => t.close());

describe('limited submissions', () => {
  let callId: string;
  const ids: Record<string, string> = {};

  it('lets only the office mark a grant as limited, and refuses bad input changing nothing', async () => {
    const body = { grantId, cap: 2, internalDeadline: deadline, abstractWordLimit: 60, maxPdfs: 2 };
    expect((await create(undefined, body)).statusCode).toBe(401);
    expect((await create(ada.cookie, body)).statusCode).toBe(403);
    const before = (await countCalls()).n;
    for (const bad of [
      { ...body, cap: 0 },
      { ...body, internalDeadline: addIsoDays(todayIso(), -1) },
      { ...body, grantId: '00000000-0000-4000-8000-000000000000' },
      { ...body, maxPdfs: 3 },
      { ...body, internalDeadline: '2027-02-30' },
    ]) {
      const response = await create(office.cookie, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    expect((await countCalls()).n).toBe(before);
    const created = await create(office.cookie, body);
    expect(created.statusCode).toBe(201);
    callId = created.json().call.id;
    expect(created.json().call).toMatchObject({ cap: 2, placesLeft: 2, internalDeadline: deadline, grant: { id: grantId } });
    expect((await create(office.cookie, body)).statusCode).toBe(409);
    expect((await call('GET', '/api/v1/admin/limited-submissions', office.cookie)).json().calls.map((c: { id: string }) => c.id)).toEqual([callId]);
    expect((await call('GET', '/api/v1/admin/limited-submissions', otherOffice.cookie)).json().calls).toEqual([]);
    expect((await call('GET', '/api/v1/admin/limited-submissions', ada.cookie)).statusCode).toBe(403);
  });

  it('shows the line to the institution only, on the grant page and in search results', async () => {
    expect(await line(ada.cookie)).toMatchObject({ callId, cap: 2, placesLeft: 2, open: true, mine: null, canReview: false });
    expect(await line(otherResearcher.cookie)).toBeNull();
    expect(await line(otherOffice.cookie)).toBeNull();
    const search = (cookie: string) => call('GET', `/api/v1/grants/search?q=${encodeURIComponent('zephyrine instrumentation')}`, cookie);
    const mine = (await search(ada.cookie)).json().results.find((r: { grant: { id: string } }) => r.grant.id === grantId);
    expect(mine?.limitedSubmission).toMatchObject({ callId, placesLeft: 2 });
    const theirs = (await search(otherResearcher.cookie)).json().results.find((r: { grant: { id: string } }) => r.grant.id === grantId);
    expect(theirs?.limitedSubmission ?? null).toBeNull();
    const got = await call('GET', `/api/v1/grants/${grantId}/limited-submission`, ada.cookie);
    expect(got.json().limitedSubmission.callId).toBe(callId);
  });

  it('takes pre-proposals from the institution’s researchers: an abstract within the limit and real PDFs, at most two', async () => {
    const good = { abstract: 'A shared cryo-EM instrument for three departments.', files: [{ fileName: 'narrative.pdf', contentBase64: pdf() }] };
    const rows = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM limited_pre_proposals`))[0]!.n;
    const before = await rows();
    for (const [bad, path] of [
      [{ ...good, files: [{ fileName: 'image.pdf', contentBase64: png }] }, 'files.0'],
      [{ ...good, files: [1, 2, 3].map((i) => ({ fileName: `f${i}.pdf`, contentBase64: pdf() })) }, 'files'],
      [{ ...good, abstract: 'word '.repeat(61) }, 'abstract'],
      [{ ...good, abstract: '' }, 'abstract'],
    ] as const) {
      const response = await submit(callId, ada.cookie, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
      expect(response.json().errors[0].path).toBe(path);
    }
    expect(await rows()).toBe(before);
    expect((await submit(callId, office.cookie, good)).statusCode).toBe(403);
    expect((await submit(callId, otherResearcher.cookie, good)).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/limited-submissions/${callId}/pre-proposals`, undefined, good)).statusCode).toBe(401);
    for (const [name, person] of [['ada', ada], ['ben', ben], ['cleo', cleo]] as const) {
      // Ada's file name hides its end behind a right-to-left override and a control character: both go.
      const files = name === 'ada' ? [{ ...good.files[0], fileName: '\u202Enarrative\u0007.pdf\u200B' }] : good.files;
      const response = await submit(callId, person.cookie, { ...good, files, abstract: `${name}: ${good.abstract}` });
      expect(response.statusCode).toBe(201);
      ids[name] = response.json().preProposal.id;
    }
    expect((await submit(callId, ada.cookie, good)).statusCode).toBe(409);
    expect(await line(ada.cookie)).toMatchObject({ mine: { id: ids.ada, status: 'submitted' } });
    const detail = (await call('GET', `/api/v1/limited-submissions/${callId}`, office.cookie)).json().call;
    const file = detail.preProposals[0].files[0];
    expect(file).toMatchObject({ fileName: 'narrative.pdf' });
    const url = `/api/v1/limited-submissions/${callId}/pre-proposals/${ids.ada}/files/${file.id}`;
    const download = await call('GET', url, office.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.body.startsWith('%PDF')).toBe(true);
    expect((await call('GET', url, ada.cookie)).statusCode).toBe(200);
    expect((await call('GET', url, ben.cookie)).statusCode).toBe(404);
    expect((await call('GET', url, otherOffice.cookie)).statusCode).toBe(404);
  });

  it('shows the review page to the office and invited reviewers only; reviewers score or declare a conflict', async () => {
    const page = (cookie: string) => call('GET', `/api/v1/limited-submissions/${callId}`, cookie);
    expect((await page(reviewer.cookie)).statusCode).toBe(404);
    expect((await page(ada.cookie)).statusCode).toBe(404);
    expect((await page(otherOffice.cookie)).statusCode).toBe(404);
    expect((await page(otherResearcher.cookie)).statusCode).toBe(404);
    const invite = (cookie: string, userId: string) => call('POST', `/api/v1/admin/limited-submissions/${callId}/reviewers`, cookie, { userId });
    expect((await invite(ada.cookie, reviewer.id)).statusCode).toBe(403);
    expect((await invite(otherOffice.cookie, reviewer.id)).statusCode).toBe(404);
    expect((await invite(office.cookie, otherResearcher.id)).statusCode).toBe(400);
    expect((await invite(office.cookie, reviewer.id)).statusCode).toBe(201);
    expect((await invite(office.cookie, ben.id)).statusCode).toBe(201);
    expect((await page(reviewer.cookie)).json().call.viewer.role).toBe('reviewer');
    // The invitation is an instant e-mail by default: it is queued at once, not at the next five-minute run.
    const emailed = () =>
      queryRows<{ emailed: boolean }>(
        t.db,
        sql`SELECT emailed_at IS NOT NULL AS emailed FROM notifications WHERE user_id = ${reviewer.id} AND title LIKE '%asked you to review pre-proposals'`,
      );
    const asked = Date.now();
    while (!(await emailed())[0]?.emailed && Date.now() - asked < 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(await emailed()).toEqual([{ emailed: true }]);
    const review = (cookie: string, id: string, body: object) => call('PUT', `/api/v1/limited-submissions/${callId}/pre-proposals/${id}/review`, cookie, body);
    expect((await review(reviewer.cookie, ids.ada!, { score: 4, conflictOfInterest: true })).statusCode).toBe(400);
    expect((await review(reviewer.cookie, ids.ada!, { score: 6 })).statusCode).toBe(400);
    expect((await review(reviewer.cookie, ids.ada!, { score: 4, comment: 'Strong case.' })).statusCode).toBe(200);
    expect((await review(ben.cookie, ids.ada!, { conflictOfInterest: true, comment: 'Co-author.' })).statusCode).toBe(200);
    expect((await review(ben.cookie, ids.ben!, { score: 5 })).statusCode).toBe(403);
    expect((await review(cleo.cookie, ids.ada!, { score: 1 })).statusCode).toBe(404);
    expect((await review(office.cookie, ids.ada!, { score: 1 })).statusCode).toBe(403);
    const ada_ = (await page(office.cookie)).json().call.preProposals.find((p: { id: string }) => p.id === ids.ada);
    expect(ada_.averageScore).toBe(4);
    expect(ada_.reviews).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reviewer: { id: reviewer.id, name: 'Rita Reviewer' }, score: 4, conflictOfInterest: false }),
        expect.objectContaining({ reviewer: { id: ben.id, name: 'Ben Proposer' }, score: null, conflictOfInterest: true }),
      ]),
    );
    expect(await line(reviewer.cookie)).toMatchObject({ canReview: true });
  });

  it('selects up to the cap, starting applications; past the cap is 409 limit_reached and changes nothing', async () => {
    expect((await decide(callId, ids.ada!, undefined, 'selected')).statusCode).toBe(401);
    expect((await decide(callId, ids.ada!, ada.cookie, 'selected')).statusCode).toBe(403);
    expect((await decide(callId, ids.ada!, otherOffice.cookie, 'selected')).statusCode).toBe(404);
    expect((await decide(callId, ids.ada!, office.cookie, 'chosen')).statusCode).toBe(400);
    const first = await decide(callId, ids.ada!, office.cookie, 'selected');
    expect(first.statusCode).toBe(200);
    expect(first.json().preProposal).toMatchObject({ status: 'selected', application: { status: 'drafting' } });
    const apps = (await call('GET', '/api/v1/applications', ada.cookie)).json().applications;
    expect(apps.map((a: { grantId: string }) => a.grantId)).toContain(grantId);
    expect((await decide(callId, ids.ben!, office.cookie, 'selected')).statusCode).toBe(200);
    const refused = await decide(callId, ids.cleo!, office.cookie, 'selected');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('limit_reached');
    expect(await line(cleo.cookie)).toMatchObject({ placesLeft: 0, mine: { status: 'submitted' } });
    const cleoApps = (await call('GET', '/api/v1/applications', cleo.cookie)).json().applications;
    expect(cleoApps.map((a: { grantId: string }) => a.grantId)).not.toContain(grantId);
    const notices = await queryRows<{ title: string }>(t.db, sql`SELECT title FROM notifications WHERE user_id = ${ada.id}`);
    expect(notices.map((n) => n.title)).toContain(`Your pre-proposal was selected: “${grantTitle}”`);
    // Ben's selection took the last place: Cleo, still waiting, is told once; the selected are not.
    const filled = await queryRows<{ user_id: string; body: string }>(
      t.db,
      sql`SELECT user_id, body FROM notifications WHERE title = ${`All places are taken: “${grantTitle}”`}`,
    );
    expect(filled).toEqual([{ user_id: cleo.id, body: expect.stringContaining('all 2 of the institution’s places') }]);
  });

  it('frees a place when a selected pre-proposal or its application is withdrawn', async () => {
    const withdraw = (cookie: string, id: string) => call('POST', `/api/v1/limited-submissions/${callId}/pre-proposals/${id}/withdraw`, cookie);
    expect((await withdraw(ben.cookie, ids.ada!)).statusCode).toBe(404);
    expect((await withdraw(otherResearcher.cookie, ids.ada!)).statusCode).toBe(404);
    const done = await withdraw(ada.cookie, ids.ada!);
    expect(done.statusCode).toBe(200);
    expect(done.json().preProposal).toMatchObject({ status: 'withdrawn', application: { status: 'withdrawn' } });
    expect(await line(cleo.cookie)).toMatchObject({ placesLeft: 1 });
    expect((await decide(callId, ids.cleo!, office.cookie, 'selected')).statusCode).toBe(200);
    expect(await line(cleo.cookie)).toMatchObject({ placesLeft: 0 });
    // Ben withdraws the application itself, in the pipeline: his place is free again.
    const benApp = (await call('GET', `/api/v1/limited-submissions/${callId}`, office.cookie)).json().call.preProposals.find(
      (p: { id: string }) => p.id === ids.ben,
    ).application.id;
    expect((await call('PATCH', `/api/v1/applications/${benApp}`, ben.cookie, { status: 'withdrawn' })).statusCode).toBe(200);
    expect(await line(cleo.cookie)).toMatchObject({ placesLeft: 1 });
  });

  it('lets only one of two simultaneous selections take the last place', async () => {
    const g = await makeGrant(t.db, { title: 'One place only' });
    const created = await create(office.cookie, { grantId: g.id, cap: 1, internalDeadline: deadline });
    const oneId = created.json().call.id;
    const a = (await submit(oneId, ada.cookie, { abstract: 'A' })).json().preProposal.id;
    const b = (await submit(oneId, ben.cookie, { abstract: 'B' })).json().preProposal.id;
    const answers = await Promise.all([decide(oneId, a, office.cookie, 'selected'), decide(oneId, b, office.cookie, 'selected')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const taken = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM limited_pre_proposals WHERE call_id = ${oneId} AND status = 'selected'`);
    expect(taken[0]!.n).toBe(1);
    expect((await decide(oneId, answers[0]!.statusCode === 200 ? b : a, office.cookie, 'declined')).statusCode).toBe(200);
  });

  it('refuses a deactivated member', async () => {
    const gone = await makePerson(t.db, 'Gone Researcher', 'researcher', office.domain);
    await t.db.execute(sql`UPDATE users SET status = 'deactivated' WHERE id = ${gone.id}`);
    expect([401, 403]).toContain((await submit(callId, gone.cookie, { abstract: 'Late' })).statusCode);
    expect([401, 403]).toContain((await call('GET', `/api/v1/grants/${grantId}/limited-submission`, gone.cookie)).statusCode);
  });
});
