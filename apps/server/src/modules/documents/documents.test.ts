// An application's document checklist and files through the API on a real
// database: real PDF and Word files, a renamed executable, the size limit,
// versions, the download headers, and who may read and change what.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestAppPair, usingPostgres, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, sessionCookie } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures');
const pdf = fs.readFileSync(path.join(fixtures, 'project-description.pdf'));
const docx = fs.readFileSync(path.join(fixtures, 'budget-justification.docx'));

let t: TestApp;
const cookies: Record<string, string> = {};
let applicationId: string;
let docs: { id: string; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const pi = await makeUser(t.db);
  const domain = pi.email.split('@')[1]!;
  const people = {
    pi,
    colleague: await makeUser(t.db, { domain }),
    admin: await makeUser(t.db, { domain, role: 'admin' }),
    member: await makeUser(t.db),
    removed: await makeUser(t.db),
  };
  Object.assign(people, { otherAdmin: await makeUser(t.db, { domain: people.member.email.split('@')[1]!, role: 'admin' }) });
  for (const [name, person] of Object.entries(people)) cookies[name] = await sessionCookie(t.db, person.user.id);
  const grant = await makeGrant(t.db, { title: 'Sediment budgets', closeDate: '2030-05-17' });
  applicationId = (
    await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie: cookies.pi! }, payload: { grantId: grant.id } })
  ).json().application.id;
  await t.db.execute(sql`INSERT INTO application_members (application_id, user_id, role, status) VALUES
    (${applicationId}, ${people.member.user.id}, 'co_investigator', 'active')`);
  docs = (await list('pi')).json().documents;
});
afterAll(() => t.close());

const base = () => `/api/v1/applications/${applicationId}/documents`;
const list = (who?: string) => t.app.inject({ method: 'GET', url: base(), headers: who ? { cookie: cookies[who]! } : {} });
const upload = (who: string, docId: string, fileName: string, bytes: Buffer, field = 'file') => {
  const body = multipartBody(fileName, bytes, field);
  return t.app.inject({
    method: 'PUT',
    url: `${base()}/${docId}/file`,
    headers: { cookie: cookies[who]!, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const download = (who: string, docId: string, query = '') =>
  t.app.inject({ method: 'GET', url: `${base()}/${docId}/file${query}`, headers: { cookie: cookies[who]! } });
const byName = (name: string) => docs.find((d) => d.name === name)!.id;

describe('the checklist', () => {
  it('starts from the default list, all pending', async () => {
    const { documents } = (await list('pi')).json();
    expect(documents.map((d: { name: string; status: string }) => [d.name, d.status])).toEqual([
      ['Project description', 'pending'],
      ['Budget', 'pending'],
      ['Budget justification', 'pending'],
      ['Biosketches', 'pending'],
      ['Data management plan', 'pending'],
      ['Letters of support', 'pending'],
    ]);
    const { application } = (
      await t.app.inject({ method: 'GET', url: `/api/v1/applications/${applicationId}`, headers: { cookie: cookies.pi! } })
    ).json();
    expect(application.documents).toHaveLength(6);
  });

  it('is added to, renamed, ticked off and pruned by the team; the office reads it', async () => {
    const added = await t.app.inject({ method: 'POST', url: base(), headers: { cookie: cookies.member! }, payload: { name: 'Facilities statement' } });
    expect(added.statusCode).toBe(201);
    const id = added.json().document.id;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `${base()}/${id}`,
      headers: { cookie: cookies.pi! },
      payload: { name: 'Facilities and resources', status: 'completed' },
    });
    expect(renamed.json().document).toMatchObject({ name: 'Facilities and resources', status: 'completed' });
    for (const body of [{}, { status: 'done' }, { name: '   ' }]) {
      const bad = await t.app.inject({ method: 'PATCH', url: `${base()}/${id}`, headers: { cookie: cookies.pi! }, payload: body });
      expect(bad.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: base(), headers: { cookie: cookies.admin! }, payload: { name: 'x' } })).statusCode).toBe(403);
    const items = (await t.app.inject({ method: 'GET', url: '/api/v1/applications', headers: { cookie: cookies.pi! } })).json()
      .applications[0].documents;
    expect(items).toEqual({ completed: 1, total: 7 });
    expect((await t.app.inject({ method: 'DELETE', url: `${base()}/${id}`, headers: { cookie: cookies.pi! } })).statusCode).toBe(204);
    expect((await list('pi')).json().documents).toHaveLength(6);
  });
});

describe('files', () => {
  it('takes a real PDF and Word file, typed by their bytes, and gives them back as attachments', async () => {
    const first = await upload('pi', byName('Project description'), 'narrative.pdf', pdf);
    expect(first.statusCode).toBe(201);
    expect(first.json().document).toMatchObject({
      status: 'in_progress',
      versions: [{ version: 1, fileName: 'narrative.pdf', contentType: 'application/pdf', size: pdf.length }],
    });
    // A Word file sent under a misleading name and type is still what its bytes say.
    const word = await upload('member', byName('Budget justification'), 'justification.pdf', docx);
    expect(word.json().document.versions[0].contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );

    const back = await download('admin', byName('Project description'));
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(pdf)).toBe(true);
    expect(back.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': expect.stringMatching(/^attachment; filename="narrative.pdf"/),
      'x-content-type-options': 'nosniff',
    });
    expect(first.json().document.versions[0].sha256).toBe(crypto.createHash('sha256').update(pdf).digest('hex'));
  });

  it('keeps earlier versions', async () => {
    const text = Buffer.from('Project description, second draft: sediment fluxes in three basins.\n');
    const second = await upload('member', byName('Project description'), 'narrative.txt', text);
    expect(second.json().document.versions.map((v: { version: number; contentType: string }) => [v.version, v.contentType])).toEqual([
      [2, 'text/plain'],
      [1, 'application/pdf'],
    ]);
    expect((await download('pi', byName('Project description'))).rawPayload.equals(text)).toBe(true);
    expect((await download('pi', byName('Project description'), '?version=1')).rawPayload.equals(pdf)).toBe(true);
    expect((await download('pi', byName('Project description'), '?version=9')).statusCode).toBe(404);
  });

  it('refuses a renamed executable (415), an empty file, a file over 25 MB (413) and a wrong field, keeping nothing', async () => {
    const executable = fs.readFileSync(process.execPath).subarray(0, 200_000);
    const refused = await upload('pi', byName('Budget'), 'budget.pdf', executable);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().code).toBe('unsupported_file_type');
    expect(refused.json().detail).toMatch(/ELF/);
    expect((await upload('pi', byName('Budget'), 'empty.txt', Buffer.alloc(0))).statusCode).toBe(400);
    const big = Buffer.concat([pdf, Buffer.alloc(25 * 1024 * 1024, 0x20)]);
    const tooBig = await upload('pi', byName('Budget'), 'huge.pdf', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('payload_too_large');
    expect((await upload('pi', byName('Budget'), 'a.pdf', pdf, 'attachment')).statusCode).toBe(400);
    const budget = (await list('pi')).json().documents.find((d: { name: string }) => d.name === 'Budget');
    expect(budget).toMatchObject({ status: 'pending', versions: [] });
    const leftovers = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM document_files WHERE NOT complete`);
    expect(leftovers).toEqual([{ n: 0 }]);
  });

  it('answers a malformed upload with 400, never 500: no boundary, a NUL, control or bidi characters in the name, no name (issue 27)', async () => {
    const noBoundary = await t.app.inject({
      method: 'PUT',
      url: `${base()}/${byName('Budget')}/file`,
      headers: { cookie: cookies.pi!, 'content-type': 'multipart/form-data' },
      payload: 'not multipart at all',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().code).toBe('validation_failed');
    const odd = await upload('pi', byName('Budget'), 'bud\u0000get\u0007\u202egpj.pdf', pdf);
    expect(odd.statusCode).toBe(201);
    const newest = (document: { versions: { version: number; fileName: string }[] }) =>
      document.versions.reduce((a, b) => (b.version > a.version ? b : a));
    expect(newest(odd.json().document).fileName).toBe('budgetgpj.pdf');
    const unnamed = await upload('pi', byName('Budget'), '', pdf);
    expect(unnamed.statusCode).toBe(201);
    expect(newest(unnamed.json().document).fileName).toBe('file');
    // Found by the fuzz test: a form cut short, and one whose only part has no headers and is over
    // 16 KB (busboy stops reading it), answer 400 at once instead of 500 or no answer at all.
    const boundary = '----gbBroken';
    const form = (body: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: `${base()}/${byName('Budget')}/file`,
        headers: { cookie: cookies.pi!, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    const cutShort = await form(
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        pdf,
      ]),
    );
    expect(cutShort.statusCode).toBe(400);
    expect(cutShort.json().detail).toMatch(/ended before the file was complete/);
    const started = Date.now();
    const headless = await form(
      Buffer.concat([Buffer.from(`--${boundary}\r\n\r\n`), Buffer.alloc(200_000, 0x41), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    );
    expect(headless.statusCode).toBe(400);
    expect(headless.json().code).toBe('validation_failed');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('takes PNG and JPEG pictures', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#335577' } }).png().toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect((await upload('pi', byName('Letters of support'), 'letter.png', png)).json().document.versions[0].contentType).toBe('image/png');
    expect((await upload('pi', byName('Letters of support'), 'letter.jpg', jpeg)).json().document.versions[0].contentType).toBe('image/jpeg');
  });
});

describe('who may read and change documents', () => {
  it.each([
    ['signed out', undefined, 401, 401],
    ['the PI', 'pi', 200, 201],
    ['an active member', 'member', 200, 201],
    ['a colleague of the PI', 'colleague', 404, 404],
    ["the PI's institution's admin (reads only)", 'admin', 200, 403],
    ["the member's institution's admin", 'otherAdmin', 404, 404],
    ['a removed member', 'removed', 404, 404],
  ])('%s: read %s, upload %s', async (_, who, read, write) => {
    expect((await list(who)).statusCode).toBe(read);
    const docId = byName('Biosketches');
    const readFile = await t.app.inject({
      method: 'GET',
      url: `${base()}/${byName('Project description')}/file`,
      headers: who ? { cookie: cookies[who]! } : {},
    });
    expect(readFile.statusCode).toBe(read);
    if (who) expect((await upload(who, docId, 'bio.pdf', pdf)).statusCode).toBe(write);
  });

  it('answers 404 for a document of another application or a made-up id', async () => {
    const other = await makeGrant(t.db, { title: 'Other call', closeDate: '2030-06-14' });
    const otherApp = (
      await t.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie: cookies.colleague! }, payload: { grantId: other.id } })
    ).json().application.id;
    const otherDoc = (
      await t.app.inject({ method: 'GET', url: `/api/v1/applications/${otherApp}/documents`, headers: { cookie: cookies.colleague! } })
    ).json().documents[0].id;
    // The PI's application with the colleague's document id: not found.
    expect((await download('pi', otherDoc)).statusCode).toBe(404);
    expect((await upload('pi', otherDoc, 'x.pdf', pdf)).statusCode).toBe(404);
    expect((await download('pi', 'not-an-id')).statusCode).toBe(404);
  });
});

describe('several app instances on one PostgreSQL', () => {
  it('serve the same file whichever instance took the upload', async () => {
    if (!usingPostgres) return; // One process on PGlite: the tests above cover it.
    const pair = await createTestAppPair();
    try {
      const pi = await makeUser(pair.a.db);
      const cookie = await sessionCookie(pair.a.db, pi.user.id);
      const grant = await makeGrant(pair.a.db, { title: 'Shared call', closeDate: '2030-05-17' });
      const app = (
        await pair.a.app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie }, payload: { grantId: grant.id } })
      ).json().application.id;
      const doc = (
        await pair.b.app.inject({ method: 'GET', url: `/api/v1/applications/${app}/documents`, headers: { cookie } })
      ).json().documents[0].id;
      const bytes = Buffer.concat([pdf, crypto.randomBytes(700_000)]);
      const body = multipartBody('big.pdf', bytes);
      const put = await pair.a.app.inject({
        method: 'PUT',
        url: `/api/v1/applications/${app}/documents/${doc}/file`,
        headers: { cookie, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(put.statusCode).toBe(201);
      const got = await pair.b.app.inject({ method: 'GET', url: `/api/v1/applications/${app}/documents/${doc}/file`, headers: { cookie } });
      expect(got.rawPayload.equals(bytes)).toBe(true);
    } finally {
      await pair.close();
    }
  });
});
