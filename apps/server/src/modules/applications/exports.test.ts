// GET /saved-grants.csv|.xlsx and GET /applications.csv|.xlsx (issue 29 §4):
// the signed-in person's own lists only, in the lists' order, read a batch at
// a time; a colleague's, another institution's and an admin's rows stay
// theirs; a would-be formula is text; signed out is 401.
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';
import { applicationExportRows, savedGrantExportRows } from './exports';

let t: TestApp;
let ana: TestPerson & { domain: string };
let ben: TestPerson;
let admin: TestPerson;
let stranger: TestPerson;
const day = new Date().toISOString().slice(0, 10);
const get = (cookie: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const put = (cookie: string, url: string) => t.app.inject({ method: 'PUT', url, headers: { cookie } });
const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const csv = (body: string) => parse(body, { columns: true, bom: true }) as Record<string, string>[];
const evilTitle = '@SUM(1+1)*cmd|" /C calc"!A0 survey';

async function start(person: TestPerson, grantId: string) {
  const res = await post(person.cookie, '/api/v1/applications', { grantId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().application.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await makePerson(t.db, 'Ana Export');
  ben = await makePerson(t.db, 'Ben Colleague', 'researcher', ana.domain);
  admin = await makePerson(t.db, 'Ada Office', 'admin', ana.domain);
  stranger = await makePerson(t.db, 'Sam Elsewhere');
  const reef = await makeGrant(t.db, { title: 'Reef survey', awardCeiling: 90_000, eligibilityCodes: ['12'], closeDate: '2099-06-30' });
  const evil = await makeGrant(t.db, { title: evilTitle });
  const bens = await makeGrant(t.db, { title: 'Ben’s own grant' });
  const admins = await makeGrant(t.db, { title: 'Office watch-list grant' });
  const strangers = await makeGrant(t.db, { title: 'Elsewhere grant' });
  for (const [who, grant] of [
    [ana, reef],
    [ana, evil],
    [ben, bens],
    [admin, admins],
    [stranger, strangers],
  ] as const) {
    expect((await put(who.cookie, `/api/v1/grants/${grant.id}/bookmark`)).statusCode).toBe(200);
  }
  await start(ana, reef.id);
  await start(ana, evil.id);
  const bensApplication = await start(ben, bens.id);
  await start(stranger, strangers.id);
  // Ana is on Ben's team as a co-investigator: his application is on her list too.
  await t.db.execute(
    sql`INSERT INTO application_members (application_id, user_id, role, status) VALUES (${bensApplication}, ${ana.id}, 'co_investigator', 'active')`,
  );
  await t.db.execute(sql`UPDATE applications SET amount_requested = 120000 WHERE grant_id = ${reef.id}`);
});
afterAll(() => t.close());

describe('GET /saved-grants.csv and .xlsx', () => {
  it('holds my saved grants in the list’s order, with the search export’s columns', async () => {
    const list = (await get(ana.cookie, '/api/v1/saved-grants')).json().grants as { title: string; opportunityNumber: string }[];
    const res = await get(ana.cookie, '/api/v1/saved-grants.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="grantbridge-saved-grants-${day}.csv"`);
    const rows = csv(res.body);
    expect(rows.map((r) => r['Opportunity number'])).toEqual(list.map((g) => g.opportunityNumber));
    expect(rows.map((r) => r.Title)).toEqual([`'${evilTitle}`, 'Reef survey']);
    expect(rows[1]).toMatchObject({
      'Award ceiling': '90000',
      Closes: '2099-06-30',
      Eligibility: 'Nonprofits having a 501(c)(3) status with the IRS, other than institutions of higher education',
      'Match score': '',
      'Why it matches': '',
    });
  });

  it('gives each person their own: a colleague, an admin and another institution’s researcher', async () => {
    const titles = async (who: TestPerson) => csv((await get(who.cookie, '/api/v1/saved-grants.csv')).body).map((r) => r.Title);
    expect(await titles(ben)).toEqual(['Ben’s own grant']);
    expect(await titles(admin)).toEqual(['Office watch-list grant']);
    expect(await titles(stranger)).toEqual(['Elsewhere grant']);
    const res = await get(admin.cookie, '/api/v1/saved-grants.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('Office watch-list grant');
    expect(sheet.getRow(2).getCell(11).value).toMatch(/\/admin\/grant\//);
  });

  it('reads the list a batch at a time, in the same order', async () => {
    const rows: string[] = [];
    for await (const row of savedGrantExportRows(t.db, ana.id, (id) => id, 1)) rows.push(String(row[1]));
    expect(rows).toEqual([evilTitle, 'Reef survey']);
  });
});

describe('GET /applications.csv and .xlsx', () => {
  it('holds the applications GET /applications lists, with stage, deadlines, amounts and role', async () => {
    const list = (await get(ana.cookie, '/api/v1/applications')).json().applications as {
      grantTitle: string;
      internalDeadline: string | null;
    }[];
    const res = await get(ana.cookie, '/api/v1/applications.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="grantbridge-applications-${day}.csv"`);
    const rows = csv(res.body);
    expect(rows.map((r) => r.Title)).toEqual(list.map((a) => (a.grantTitle.startsWith('@') ? `'${a.grantTitle}` : a.grantTitle)));
    expect(rows).toHaveLength(3);
    const reef = rows.find((r) => r.Title === 'Reef survey')!;
    expect(reef).toMatchObject({
      Stage: 'Drafting',
      'Sponsor deadline': '2099-06-30',
      'Internal deadline': list.find((a) => a.grantTitle === 'Reef survey')!.internalDeadline,
      'Amount requested': '120000',
      'Amount awarded': '',
      'Team role': 'PI',
    });
    expect(rows.find((r) => r.Title === 'Ben’s own grant')!['Team role']).toBe('Co-investigator');
    expect(rows.some((r) => r.Title === 'Elsewhere grant')).toBe(false);
  });

  it('gives each person their own, an admin their own (none)', async () => {
    const titles = async (who: TestPerson) => csv((await get(who.cookie, '/api/v1/applications.csv')).body).map((r) => r.Title);
    expect(await titles(ben)).toEqual(['Ben’s own grant']);
    expect(await titles(stranger)).toEqual(['Elsewhere grant']);
    expect(await titles(admin)).toEqual([]);
    const res = await get(ana.cookie, '/api/v1/applications.xlsx');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    const values = [2, 3, 4].map((r) => sheet.getRow(r).getCell(2).value);
    expect(values).toContain(`'${evilTitle}`);
    const reef = [2, 3, 4].find((r) => sheet.getRow(r).getCell(2).value === 'Reef survey')!;
    expect(sheet.getRow(reef).getCell(6).value).toEqual(new Date('2099-06-30T00:00:00Z'));
    expect(sheet.getRow(reef).getCell(7).value).toBe(120_000);
  });

  it('reads the list a batch at a time, in the same order', async () => {
    const all: string[] = [];
    for await (const row of applicationExportRows(t.db, ana.id, (id) => id)) all.push(String(row[1]));
    const batched: string[] = [];
    for await (const row of applicationExportRows(t.db, ana.id, (id) => id, 1)) batched.push(String(row[1]));
    expect(batched).toEqual(all);
    expect(all).toHaveLength(3);
  });

  it('refuses the signed out', async () => {
    for (const path of ['saved-grants.csv', 'saved-grants.xlsx', 'applications.csv', 'applications.xlsx']) {
      const res = await get(undefined, `/api/v1/${path}`);
      expect(res.statusCode, path).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
  });
});
