// Current and Pending Support through the API on a real database (issue 29
// §3, decision 062): who reads and edits an application's award details and
// effort, bad input changing nothing, the document's entries and what they
// lack, and the DOCX and PDF files (unzipped and parsed, not just sniffed).
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, sessionCookie } from '../../../test/factories';

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let awarded: string;
let pending: string;

const call = (who: string | undefined, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: cookies[who]! } : {}, ...(payload ? { payload } : {}) });
const effortUrl = (app: string, userId: string) => `/api/v1/applications/${app}/team/${userId}/effort`;
// pdf.js reads the standard fonts' metrics from its own package (nothing downloaded).
const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;
const effort = { role: 'co_investigator', personMonths: [{ year: 2026, personMonths: 1.5 }] };

beforeAll(async () => {
  t = await createTestApp();
  const pi = await makeUser(t.db, { name: 'Pat Investigator' });
  const domain = pi.email.split('@')[1]!;
  const partner = await makeUser(t.db, { name: 'Parker Partner' });
  const partnerDomain = partner.email.split('@')[1]!;
  const people = {
    pi,
    member: await makeUser(t.db, { domain, name: 'Mel Member' }),
    colleague: await makeUser(t.db, { domain, name: 'Cole League' }),
    admin: await makeUser(t.db, { domain, role: 'admin' }),
    partner,
    otherAdmin: await makeUser(t.db, { domain: partnerDomain, role: 'admin' }),
    gone: await makeUser(t.db, { domain, name: 'Gail Gone' }),
  };
  for (const [name, person] of Object.entries(people)) {
    ids[name] = person.user.id;
    cookies[name] = await sessionCookie(t.db, person.user.id);
  }
  const start = async (title: string) => {
    const grant = await makeGrant(t.db, { title, closeDate: '2030-05-17' });
    return (
      await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie: cookies.pi! }, payload: { grantId: grant.id } })
    ).json().application.id as string;
  };
  awarded = await start('River sediment budgets');
  pending = await start('Coastal marsh carbon');
  await t.db.execute(sql`UPDATE applications SET status = 'awarded', amount_awarded = 450000 WHERE id = ${awarded}`);
  await t.db.execute(sql`UPDATE applications SET status = 'under_review', amount_requested = 300000 WHERE id = ${pending}`);
  for (const app of [awarded, pending]) {
    for (const who of ['member', 'gone']) {
      await t.db.execute(sql`INSERT INTO application_members (application_id, user_id, role, status)
        VALUES (${app}, ${ids[who]}, 'co_investigator', 'active')`);
    }
  }
  await t.db.execute(sql`UPDATE users SET status = 'deactivated' WHERE id = ${ids.gone}`);
});
afterAll(() => t.close());

describe('who reads and edits effort and award details', () => {
  it.each([
    ['signed out', undefined, 401],
    ['a colleague who cannot see it', 'colleague', 404],
    ["another institution's admin", 'otherAdmin', 404],
    ["another institution's researcher", 'partner', 404],
    ['a deactivated member', 'gone', 401],
    ["the PI's institution's admin (read only)", 'admin', 200],
    ['a member', 'member', 200],
    ['the PI', 'pi', 200],
  ])('%s (as %s) reads an application’s support: %i', async (_, who, status) => {
    expect((await call(who, 'GET', `/api/v1/applications/${awarded}/current-and-pending`)).statusCode).toBe(status);
  });

  it.each([
    ['signed out', undefined, 'member', 401],
    ['a colleague', 'colleague', 'member', 404],
    ["another institution's admin", 'otherAdmin', 'member', 404],
    ["another institution's researcher", 'partner', 'member', 404],
    ['a deactivated member, for themself', 'gone', 'gone', 401],
    ["the PI's institution's admin", 'admin', 'member', 403],
    ["a member, for someone else", 'member', 'pi', 403],
  ])('%s (as %s, the row of %s) may not edit effort: %i', async (_, who, target, status) => {
    expect((await call(who, 'PUT', effortUrl(awarded, ids[target]!), effort)).statusCode).toBe(status);
    const { effort: rows } = (await call('pi', 'GET', `/api/v1/applications/${awarded}/current-and-pending`)).json();
    expect(rows.every((r: { personMonths: unknown[] }) => r.personMonths.length === 0)).toBe(true);
  });

  it('the PI edits anyone on the team; a member edits their own row', async () => {
    const byPi = await call('pi', 'PUT', effortUrl(awarded, ids.member!), effort);
    expect(byPi.statusCode).toBe(200);
    const own = await call('member', 'PUT', effortUrl(pending, ids.member!), { role: 'senior_key', personMonths: [{ year: 2027, personMonths: 0.75 }] });
    expect(own.statusCode).toBe(200);
    const row = own.json().effort.find((e: { userId: string }) => e.userId === ids.member);
    expect(row).toMatchObject({ role: 'senior_key', personMonths: [{ year: 2027, personMonths: 0.75 }], editable: true });
    expect(own.json().effort.find((e: { userId: string }) => e.userId === ids.pi)).toMatchObject({ role: 'pi', editable: false });
  });

  it('someone not on the team is not found', async () => {
    expect((await call('pi', 'PUT', effortUrl(awarded, ids.colleague!), effort)).statusCode).toBe(404);
    expect((await call('pi', 'PUT', effortUrl(awarded, 'nobody'), effort)).statusCode).toBe(404);
  });

  it.each([
    ['a member', 'member', 403],
    ["the PI's institution's admin", 'admin', 403],
    ['a colleague', 'colleague', 404],
    ["another institution's admin", 'otherAdmin', 404],
    ['signed out', undefined, 401],
  ])('%s (as %s) may not edit award details: %i', async (_, who, status) => {
    const body = { awardNumber: 'X-1', projectStart: null, projectEnd: null, overlapStatement: null };
    expect((await call(who, 'PUT', `/api/v1/applications/${awarded}/support`, body)).statusCode).toBe(status);
  });
});

describe('bad input', () => {
  it.each([
    ['negative person-months', { role: 'pi', personMonths: [{ year: 2026, personMonths: -1 }] }],
    ['more than 12 person-months', { role: 'pi', personMonths: [{ year: 2026, personMonths: 12.5 }] }],
    ['three decimals', { role: 'pi', personMonths: [{ year: 2026, personMonths: 1.255 }] }],
    ['a year twice', { role: 'pi', personMonths: [{ year: 2026, personMonths: 1 }, { year: 2026, personMonths: 2 }] }],
    ['an unknown role', { role: 'boss', personMonths: [] }],
    ['an extra field', { role: 'pi', personMonths: [], hours: 3 }],
  ])('refuses %s with 400 validation_failed, changing nothing', async (_, body) => {
    const before = (await call('pi', 'GET', `/api/v1/applications/${awarded}/current-and-pending`)).json();
    const res = await call('pi', 'PUT', effortUrl(awarded, ids.pi!), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect((await call('pi', 'GET', `/api/v1/applications/${awarded}/current-and-pending`)).json()).toEqual(before);
  });

  it('refuses a period ending before it starts, and an unknown format', async () => {
    const res = await call('pi', 'PUT', `/api/v1/applications/${awarded}/support`, {
      awardNumber: 'X', projectStart: '2027-01-01', projectEnd: '2026-01-01', overlapStatement: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM application_support`);
    expect(row!.n).toBe(0);
    const format = await call('pi', 'GET', '/api/v1/profile/current-and-pending?format=rtf');
    expect(format.statusCode).toBe(400);
    expect(format.json().code).toBe('validation_failed');
  });
});

describe('the document', () => {
  it('is signed-in only', async () => {
    expect((await call(undefined, 'GET', '/api/v1/profile/current-and-pending')).statusCode).toBe(401);
    expect((await call(undefined, 'GET', '/api/v1/profile/current-and-pending?format=pdf')).statusCode).toBe(401);
  });

  it('lists current and pending entries with what each lacks, never inventing values', async () => {
    const res = await call('pi', 'PUT', `/api/v1/applications/${awarded}/support`, {
      awardNumber: 'NSF-2412345', projectStart: '2026-07-01', projectEnd: '2028-06-30', overlapStatement: 'No overlap.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().years).toEqual([2026, 2027, 2028]);
    await call('pi', 'PUT', effortUrl(awarded, ids.pi!), { role: null, personMonths: [{ year: 2026, personMonths: 1 }, { year: 2027, personMonths: 2 }] });
    const { person, entries } = (await call('pi', 'GET', '/api/v1/profile/current-and-pending')).json();
    expect(person.name).toBe('Pat Investigator');
    expect(entries.map((e: { kind: string; title: string }) => [e.kind, e.title])).toEqual([
      ['current', 'River sediment budgets'],
      ['pending', 'Coastal marsh carbon'],
    ]);
    expect(entries[0]).toMatchObject({
      awardNumber: 'NSF-2412345',
      amount: 450000,
      role: 'pi',
      personMonths: [{ year: 2026, personMonths: 1 }, { year: 2027, personMonths: 2 }, { year: 2028, personMonths: null }],
      missing: [{ field: 'personMonths', label: 'person-months for 2028' }],
    });
    expect(entries[1].missing.map((m: { label: string }) => m.label)).toEqual([
      'project period (start and end)',
      'person-months per year',
      'overlap statement',
    ]);
  });

  it("is always the signed-in researcher's own: a member sees their entries, a colleague none", async () => {
    const member = (await call('member', 'GET', '/api/v1/profile/current-and-pending')).json();
    expect(member.entries).toHaveLength(2);
    expect(member.entries[0]).toMatchObject({ role: 'co_investigator', personMonths: [{ year: 2026, personMonths: 1.5 }, { year: 2027, personMonths: null }, { year: 2028, personMonths: null }] });
    expect((await call('colleague', 'GET', '/api/v1/profile/current-and-pending')).json().entries).toEqual([]);
    expect((await call('gone', 'GET', '/api/v1/profile/current-and-pending')).statusCode).toBe(401);
  });

  it('shows the admin every row read-only, and drops an award whose period has ended', async () => {
    const { effort: rows, canEditSupport } = (await call('admin', 'GET', `/api/v1/applications/${awarded}/current-and-pending`)).json();
    expect(canEditSupport).toBe(false);
    expect(rows.map((r: { editable: boolean }) => r.editable)).toEqual([false, false, false]);
    await t.db.execute(sql`UPDATE application_support SET project_start = '2020-01-01', project_end = '2023-12-31' WHERE application_id = ${awarded}`);
    const { entries } = (await call('pi', 'GET', '/api/v1/profile/current-and-pending')).json();
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['pending']);
    await t.db.execute(sql`UPDATE application_support SET project_start = '2026-07-01', project_end = '2028-06-30' WHERE application_id = ${awarded}`);
  });

  it('downloads as a real DOCX holding the entries', async () => {
    const res = await call('pi', 'GET', '/api/v1/profile/current-and-pending?format=docx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="current-and-pending-support-\d{4}-\d{2}-\d{2}\.docx"$/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    for (const text of ['River sediment budgets', 'Coastal marsh carbon', 'NSF-2412345', '2028: Not entered', 'Pending support']) {
      expect(xml).toContain(text);
    }
  });

  it('downloads as a real PDF whose text holds the entries', async () => {
    const res = await call('pi', 'GET', '/api/v1/profile/current-and-pending?format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/filename="current-and-pending-support-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocument({ data: new Uint8Array(res.rawPayload), useSystemFonts: false, standardFontDataUrl }).promise;
    let text = '';
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n';
    }
    for (const want of ['River sediment budgets', 'Coastal marsh carbon', 'NSF-2412345', 'Not entered']) expect(text).toContain(want);
  });
});
