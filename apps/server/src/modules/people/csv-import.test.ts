// CSV onboarding and the directory's CSV export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePerson, type TestPerson } from '../../../test/factories';

let t: TestApp;
let admin: TestPerson & { domain: string };
let researcher: TestPerson;
let registeredEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makePerson(t.db, 'Ada Admin', 'admin');
  researcher = await makePerson(t.db, 'Rita Registered', 'researcher', admin.domain);
  const [row] = await queryRows<{ email: string }>(t.db, sql`select email from users where id = ${researcher.id}`);
  registeredEmail = row!.email;
});
afterAll(() => t.close());

const upload = (csv: string, query = '', cookie = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/researchers/import${query}`,
    payload: csv,
    headers: { cookie, 'content-type': 'text/csv' },
  });

async function invitationCount() {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from invitations`);
  return row!.n;
}

describe('POST /api/v1/admin/researchers/import', () => {
  it('reads quotes, commas and line breaks inside quotes, a BOM and CRLF; reports bad rows by line', async () => {
    const d = admin.domain;
    const csv =
      '\uFEFFemail,name,title,department,research_areas\r\n' +
      `ann@${d},"Ann, PhD",Professor,Biology,Hydrology;Forest Ecology\r\n` +
      `bob@${d},Bob Builder,"Lecturer\r\n(part time)",Engineering,\r\n` +
      `not-an-email,Nobody,,,\r\n` +
      `${registeredEmail},Rita Registered,,,\r\n` +
      `cara@elsewhere.example.org,Cara Elsewhere,,,\r\n` +
      `ann@${d},Ann Again,,,\r\n` +
      `dee@${d},,,,\r\n`;
    const before = await invitationCount();
    const dry = await upload(csv, '?dryRun=true');
    expect(dry.statusCode).toBe(200);
    expect(await invitationCount()).toBe(before);

    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(dry.json());
    const body = res.json();
    expect(body).toMatchObject({ invited: 2, skipped: 1 });
    expect(body.errors.map((e: { line: number }) => e.line)).toEqual([5, 7, 8, 9]);
    expect(body.errors[0].reason).toContain('not-an-email');
    // Every row, with the person as the file names them and what happens to them.
    const none = { department: null, reason: null };
    expect(body.rows).toEqual([
      { line: 2, name: 'Ann, PhD', email: `ann@${d}`, department: 'Biology', outcome: 'invite', reason: null },
      { line: 3, name: 'Bob Builder', email: `bob@${d}`, department: 'Engineering', outcome: 'invite', reason: null },
      { line: 5, name: 'Nobody', email: 'not-an-email', department: null, outcome: 'problem', reason: body.errors[0].reason },
      { line: 6, name: 'Rita Registered', email: registeredEmail, ...none, outcome: 'member' },
      {
        line: 7,
        name: 'Cara Elsewhere',
        email: 'cara@elsewhere.example.org',
        department: null,
        outcome: 'problem',
        reason: expect.stringContaining('cara@elsewhere.example.org is not an address of'),
      },
      { line: 8, name: 'Ann Again', email: `ann@${d}`, department: null, outcome: 'problem', reason: `ann@${d} appears earlier in the file` },
      { line: 9, name: '', email: `dee@${d}`, department: null, outcome: 'problem', reason: 'The name is missing' },
    ]);
    expect(await invitationCount()).toBe(before + 2);

    const [ann] = await queryRows<{ name: string; research_areas: string[] }>(
      t.db,
      sql`select name, research_areas from invitations where email = ${`ann@${d}`}`,
    );
    expect(ann).toEqual({ name: 'Ann, PhD', research_areas: ['Hydrology', 'Forest Ecology'] });
    const [bob] = await queryRows<{ title: string }>(t.db, sql`select title from invitations where email = ${`bob@${d}`}`);
    expect(bob!.title).toBe('Lecturer\r\n(part time)');
    const mails = await queryRows<{ to: string }>(t.db, sql`select "to" from email_outbox where "to" like ${`%@${d}`}`);
    expect(mails.map((m) => m.to).sort()).toEqual([`ann@${d}`, `bob@${d}`]);

    // The same file again invites nobody.
    const again = await upload(csv);
    expect(again.json()).toMatchObject({ invited: 0, skipped: 3 });
    const skipped = again.json().rows.filter((r: { outcome: string }) => r.outcome !== 'problem');
    expect(skipped.map((r: { line: number; outcome: string }) => [r.line, r.outcome])).toEqual([
      [2, 'invited'],
      [3, 'invited'],
      [6, 'member'],
    ]);
    expect(await invitationCount()).toBe(before + 2);
  });

  it('numbers lines as a text editor does, with LF endings, empty lines and quoted line breaks', async () => {
    const d = admin.domain;
    const csv = `email,name,title\n\nlf.one@${d},"Line\nBreak",x\n\nbroken,Bad,y\nlf.two@${d},,z\n`;
    const res = await upload(csv, '?dryRun=true');
    expect(res.json().errors.map((e: { line: number }) => e.line)).toEqual([6, 7]);
  });

  it('refuses a file without the needed columns, and one that is not CSV', async () => {
    const res = await upload('mail,fullname\nx@y.edu,X\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('email');
    const broken = await upload('email,name\n"unclosed,quote\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('validation_failed');
  });

  it('is for administrators only', async () => {
    expect((await upload(`email,name\nz@${admin.domain},Z\n`, '', researcher.cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/admin/researchers.csv', () => {
  it('exports the directory as CSV a spreadsheet reads safely', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/invitations',
      payload: { email: `formula@${admin.domain}`, name: '=HYPERLINK("http://evil")' },
      headers: { cookie: admin.cookie },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/researchers.csv?sort=name', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="researchers-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toContain('Open Opportunities');
    const rita = rows.find((r) => r.Email === registeredEmail)!;
    expect(rita).toMatchObject({ Name: 'Rita Registered', Status: 'active', 'Grants Saved': '0' });
    expect(rows.find((r) => r.Email === `formula@${admin.domain}`)!.Name).toBe('\'=HYPERLINK("http://evil")');
    const forResearcher = await t.app.inject({ method: 'GET', url: '/api/v1/admin/researchers.csv', headers: { cookie: researcher.cookie } });
    expect(forResearcher.statusCode).toBe(403);
  });
});
