// Funding newsletters through the real routes on a real database: who may
// compose, send, count and read one (another institution's answers 404), bad
// input refused with nothing changed, the click redirect and the one-click
// unsubscribe, which need no session.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, setResearchAreas, type TestPerson } from '../../../test/factories';

let t: TestApp;
let admin: TestPerson & { domain: string };
let biologist: TestPerson;
let chemist: TestPerson;
let gone: TestPerson;
let otherAdmin: TestPerson;
let otherResearcher: TestPerson;
let grants: { id: string; title: string }[];
let searchId: string;

type Who = TestPerson | undefined;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const count = async (table: string) => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;
const draft = (overrides: object = {}) => ({
  title: 'Funding this month',
  intro: 'Calls worth a look.\n\nAsk us for help with any of them.',
  audience: { kind: 'everyone' },
  grantIds: [grants[2]!.id],
  savedSearchIds: [searchId],
  perSearch: 2,
  ...overrides,
});
const tokensOf = async (newsletterId: string) => {
  // The tokens are only in the e-mails: read them from the queued messages.
  const rows = await queryRows<{ to: string; text: string }>(
    t.db,
    sql`SELECT "to", text FROM email_outbox WHERE text LIKE ${`%/dashboard/newsletters/${newsletterId}%`} ORDER BY "to"`,
  );
  return rows.map((r) => ({ to: r.to, token: /newsletters\/unsubscribe\/([\w-]+)/.exec(r.text)![1]! }));
};

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://gb.example.test' });
  admin = await makePerson(t.db, 'Olive Office', 'admin');
  biologist = await makePerson(t.db, 'Bea Biology', 'researcher', admin.domain);
  chemist = await makePerson(t.db, 'Carl Chemistry', 'researcher', admin.domain);
  gone = await makePerson(t.db, 'Dee Deactivated', 'researcher', admin.domain);
  otherAdmin = await makePerson(t.db, 'Other Office', 'admin');
  otherResearcher = await makePerson(t.db, 'Other Researcher', 'researcher', (otherAdmin as TestPerson & { domain: string }).domain);
  await t.db.execute(sql`UPDATE users SET department = 'Biology' WHERE id = ${biologist.id}`);
  await t.db.execute(sql`UPDATE users SET department = 'Chemistry' WHERE id = ${chemist.id}`);
  await setResearchAreas(t.db, biologist.id, ['Ecology']);
  grants = [];
  for (const title of ['Watershed restoration research', 'Watershed ecology field studies', 'Catalysis for clean fuels']) {
    grants.push(await makeGrant(t.db, { title, description: `${title}: a programme.`, awardCeiling: 250_000 }));
  }
  const saved = await call(admin, 'POST', '/api/v1/saved-searches', { name: 'Watersheds', query: 'watershed', filters: {}, alertCadence: 'off' });
  searchId = saved.json().savedSearch.id;
  await t.db.execute(sql`UPDATE users SET status = 'deactivated' WHERE id = ${gone.id}`);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the office composes, previews and sends', () => {
  let id: string;
  it('creates a draft from a saved search and a hand-picked grant', async () => {
    const created = await call(admin, 'POST', '/api/v1/admin/newsletters', draft());
    expect(created.statusCode).toBe(201);
    id = created.json().id;
    expect(created.json()).toMatchObject({ status: 'draft', sources: [{ savedSearchId: searchId, name: 'Watersheds', query: 'watershed' }], recipients: 0, clicks: 0 });
    const audiences = (await call(admin, 'GET', '/api/v1/admin/newsletters/audiences')).json();
    expect(audiences).toEqual({
      everyone: 2,
      departments: [{ name: 'Biology', people: 1 }, { name: 'Chemistry', people: 1 }],
      areas: [{ name: 'Ecology', people: 1 }],
    });
  });

  it('previews the e-mail with the grants, deduplicated, and the audience count', async () => {
    const preview = (await call(admin, 'GET', `/api/v1/admin/newsletters/${id}/preview`)).json();
    expect(preview.recipients).toBe(2);
    expect(preview.grants.map((g: { id: string }) => g.id).sort()).toEqual(grants.map((g) => g.id).sort());
    expect(preview.grants.at(-1)).toMatchObject({ id: grants[2]!.id, fromSearch: null, agency: 'National Science Foundation' });
    expect(preview.html).toContain('Watershed restoration research');
    expect(preview.html).not.toMatch(/<img/i);
    expect(preview.text).toContain('Up to $250,000');
    // Narrowed to a department: one person.
    await call(admin, 'PATCH', `/api/v1/admin/newsletters/${id}`, { audience: { kind: 'department', name: 'biology' } });
    expect((await call(admin, 'GET', `/api/v1/admin/newsletters/${id}/preview`)).json().recipients).toBe(1);
    await call(admin, 'PATCH', `/api/v1/admin/newsletters/${id}`, { audience: { kind: 'everyone' } });
  });

  it('schedules, cancels, then sends through the outbox once', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect((await call(admin, 'PUT', `/api/v1/admin/newsletters/${id}/schedule`, { at })).json()).toMatchObject({ status: 'scheduled', scheduledAt: at });
    expect((await call(admin, 'DELETE', `/api/v1/admin/newsletters/${id}/schedule`)).json()).toMatchObject({ status: 'draft', scheduledAt: null });
    const sent = await call(admin, 'POST', `/api/v1/admin/newsletters/${id}/send`);
    expect(sent.json()).toMatchObject({ status: 'sent', recipients: 2 });
    expect((await call(admin, 'POST', `/api/v1/admin/newsletters/${id}/send`)).json().code).toBe('conflict');
    expect((await call(admin, 'PATCH', `/api/v1/admin/newsletters/${id}`, { title: 'Later' })).statusCode).toBe(409);
    const mail = await tokensOf(id);
    expect(mail).toHaveLength(2);
    expect(await count('newsletter_recipients')).toBe(2);
  });

  it('lets a recipient read it and open a grant; the office sees the counts', async () => {
    const list = (await call(biologist, 'GET', '/api/v1/newsletters')).json();
    expect(list.newsletters).toEqual([expect.objectContaining({ id, title: 'Funding this month', grantCount: 3 })]);
    const read = (await call(biologist, 'GET', `/api/v1/newsletters/${id}`)).json();
    expect(read.grants).toHaveLength(3);
    expect((await call(biologist, 'POST', `/api/v1/newsletters/${id}/grants/${grants[0]!.id}/open`)).statusCode).toBe(204);
    const [{ token }] = await tokensOf(id);
    const redirect = await call(undefined, 'GET', `/api/v1/newsletters/r/${token}/${grants[1]!.id}`);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/dashboard/grant/${grants[1]!.id}`);
    const stats = (await call(admin, 'GET', `/api/v1/admin/newsletters/${id}/stats`)).json();
    expect(stats).toMatchObject({ recipients: 2, clicks: 2 });
    expect(stats.grants.find((g: { grantId: string }) => g.grantId === grants[0]!.id)).toMatchObject({ clicks: 1, people: 1 });
    expect((await call(admin, 'GET', '/api/v1/admin/newsletters')).json().newsletters[0]).toMatchObject({ id, clicks: 2 });
  });

  it('unsubscribes by one-click POST, idempotently, and leaves that person out of the next', async () => {
    const [{ token, to }] = await tokensOf(id);
    const oneClick = () =>
      t.app.inject({ method: 'POST', url: `/api/v1/newsletters/unsubscribe/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect((await oneClick()).json()).toMatchObject({ unsubscribed: true });
    expect((await oneClick()).json()).toMatchObject({ unsubscribed: true });
    expect(await count('newsletter_unsubscribes')).toBe(1);
    expect((await call(undefined, 'GET', `/api/v1/newsletters/unsubscribe/${token}`)).headers.location).toBe(`/newsletters/unsubscribe/${token}`);
    expect((await call(admin, 'GET', '/api/v1/admin/newsletters/audiences')).json().everyone).toBe(1);
    const stats = (await call(admin, 'GET', `/api/v1/admin/newsletters/${id}/stats`)).json();
    expect(stats.unsubscribed).toBe(1);
    // And back on from the page.
    expect((await call(undefined, 'POST', `/api/v1/newsletters/unsubscribe/${token}`, { action: 'resubscribe' })).json().unsubscribed).toBe(false);
    expect(to).toMatch(/@/);
  });
});

describe('authorization', () => {
  let id: string;
  let sentId: string;
  beforeAll(async () => {
    id = (await call(admin, 'POST', '/api/v1/admin/newsletters', draft({ title: 'Draft only', savedSearchIds: [] }))).json().id;
    sentId = (await call(admin, 'GET', '/api/v1/admin/newsletters')).json().newsletters.find((n: { status: string }) => n.status === 'sent').id;
  });

  it('signed out: 401 on every route that needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/admin/newsletters'],
      ['POST', '/api/v1/admin/newsletters'],
      ['GET', `/api/v1/admin/newsletters/${id}/preview`],
      ['POST', `/api/v1/admin/newsletters/${id}/send`],
      ['GET', '/api/v1/newsletters'],
      ['GET', `/api/v1/newsletters/${sentId}`],
    ] as const) {
      expect((await call(undefined, method, url, method === 'POST' ? draft() : undefined)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a researcher may not compose, send or count: 403', async () => {
    expect((await call(biologist, 'POST', '/api/v1/admin/newsletters', draft())).statusCode).toBe(403);
    expect((await call(biologist, 'POST', `/api/v1/admin/newsletters/${id}/send`)).statusCode).toBe(403);
    expect((await call(biologist, 'GET', `/api/v1/admin/newsletters/${sentId}/stats`)).statusCode).toBe(403);
  });

  it("another institution's admin gets 404 on ours, and sees none in the list", async () => {
    for (const [method, url, body] of [
      ['GET', `/api/v1/admin/newsletters/${id}`],
      ['PATCH', `/api/v1/admin/newsletters/${id}`, { title: 'Mine now' }],
      ['GET', `/api/v1/admin/newsletters/${id}/preview`],
      ['POST', `/api/v1/admin/newsletters/${id}/send`],
      ['PUT', `/api/v1/admin/newsletters/${id}/schedule`, { at: new Date(Date.now() + 3_600_000).toISOString() }],
      ['GET', `/api/v1/admin/newsletters/${sentId}/stats`],
      ['GET', `/api/v1/newsletters/${sentId}`],
    ] as const) {
      expect((await call(otherAdmin, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(otherAdmin, 'GET', '/api/v1/admin/newsletters')).json().newsletters).toEqual([]);
    expect((await call(admin, 'GET', `/api/v1/admin/newsletters/${id}`)).json().title).toBe('Draft only');
  });

  it('a researcher sees only the newsletters sent to them', async () => {
    expect((await call(otherResearcher, 'GET', '/api/v1/newsletters')).json().newsletters).toEqual([]);
    expect((await call(otherResearcher, 'GET', `/api/v1/newsletters/${sentId}`)).statusCode).toBe(404);
    expect((await call(otherResearcher, 'POST', `/api/v1/newsletters/${sentId}/grants/${grants[0]!.id}/open`)).statusCode).toBe(404);
    // A draft is nobody's to read, a colleague's included.
    expect((await call(chemist, 'GET', `/api/v1/newsletters/${id}`)).statusCode).toBe(404);
    // The deactivated colleague was not sent it and cannot sign in.
    expect((await call(gone, 'GET', '/api/v1/newsletters')).statusCode).toBe(401);
    const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM newsletter_recipients WHERE user_id = ${gone.id}`);
    expect(row!.n).toBe(0);
  });

  it('the redirect and unsubscribe answer 404 for a bad token or a grant not in the newsletter', async () => {
    expect((await call(undefined, 'GET', `/api/v1/newsletters/r/${'x'.repeat(32)}/${grants[0]!.id}`)).statusCode).toBe(404);
    const [{ token }] = await tokensOf(sentId);
    const other = await makeGrant(t.db, { title: 'Not in it' });
    expect((await call(undefined, 'GET', `/api/v1/newsletters/r/${token}/${other.id}`)).statusCode).toBe(404);
    expect((await call(undefined, 'POST', `/api/v1/newsletters/unsubscribe/${'y'.repeat(32)}`, {})).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('answers 400 validation_failed naming the field, and changes nothing', async () => {
    const before = await count('newsletters');
    const cases: [object, string][] = [
      [draft({ title: '' }), 'title'],
      [draft({ audience: { kind: 'faculty' } }), 'audience.kind'],
      [draft({ audience: { kind: 'department', name: 'Astrology' } }), 'audience.name'],
      [draft({ savedSearchIds: ['not-a-uuid'] }), 'savedSearchIds.0'],
      [draft({ savedSearchIds: ['00000000-0000-4000-8000-000000000000'] }), 'savedSearchIds.0'],
      [draft({ grantIds: ['00000000-0000-4000-8000-000000000000'] }), 'grantIds.0'],
      [draft({ perSearch: 50 }), 'perSearch'],
      [draft({ extra: true }), ''],
    ];
    for (const [body, field] of cases) {
      const response = await call(admin, 'POST', '/api/v1/admin/newsletters', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
      if (field) expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect(await count('newsletters')).toBe(before);
    const id = (await call(admin, 'POST', '/api/v1/admin/newsletters', draft({ title: 'Unchanged' }))).json().id;
    expect((await call(admin, 'PATCH', `/api/v1/admin/newsletters/${id}`, { title: ' ' })).statusCode).toBe(400);
    expect((await call(admin, 'PUT', `/api/v1/admin/newsletters/${id}/schedule`, { at: '2001-01-01T00:00:00Z' })).json().errors[0].path).toBe('at');
    expect((await call(admin, 'GET', `/api/v1/admin/newsletters/${id}`)).json()).toMatchObject({ title: 'Unchanged', status: 'draft' });
    expect((await call(admin, 'GET', '/api/v1/admin/newsletters/not-an-id')).statusCode).toBe(400);
  });
});
