// The researcher directory (search, sort, paging, counts, invited rows) and
// deactivation (sessions end at once, sign-in refused, nothing deleted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, setResearchAreas, testPassword, type TestPerson } from '../../../test/factories';
import { forgetOpenGrantAreas } from '../grants/open-opportunities';
import { pageDirectory } from './directory';

let t: TestApp;
let admin: TestPerson & { domain: string };
let otherAdmin: TestPerson;
let ana: TestPerson;
let ben: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makePerson(t.db, 'Ada Admin', 'admin');
  otherAdmin = await makePerson(t.db, 'Otto Other', 'admin');
  ana = await makePerson(t.db, 'Ana Alvarez', 'researcher', admin.domain);
  ben = await makePerson(t.db, 'Ben Brown', 'researcher', admin.domain);
  await setResearchAreas(t.db, ana.id, ['Hydrology']);
  const grant = await makeGrant(t.db, { title: 'Watershed hydrology', researchAreas: ['Hydrology'] });
  await makeGrant(t.db, { title: 'Closed hydrology', researchAreas: ['Hydrology'], closeDate: '2020-01-01', status: 'closed' });
  forgetOpenGrantAreas();
  await t.app.inject({ method: 'PUT', url: `/api/v1/grants/${grant.id}/bookmark`, headers: { cookie: ben.cookie } });
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/invitations',
    payload: { email: `cara@${admin.domain}`, name: 'Cara Invited' },
    headers: { cookie: admin.cookie },
  });
});
afterAll(() => t.close());

const directory = (cookie: string | undefined, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/researchers${query}`,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/v1/admin/researchers', () => {
  it('lists researchers and invited people with their counts', async () => {
    const res = await directory(admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(body.results.map((r: { name: string }) => r.name)).toEqual(['Ana Alvarez', 'Ben Brown', 'Cara Invited']);
    const [a, b, c] = body.results;
    expect(a).toMatchObject({ status: 'active', openOpportunities: 1, grantsSaved: 0, setupComplete: false });
    expect(b).toMatchObject({ status: 'active', grantsSaved: 1, openOpportunities: 0 });
    expect(c).toMatchObject({ status: 'invited', lastSignInAt: null });
  });

  it('sorts by a column either way and searches', async () => {
    const bySaved = (await directory(admin.cookie, '?sort=grantsSaved&order=desc')).json();
    expect(bySaved.results[0].name).toBe('Ben Brown');
    const byStatus = (await directory(admin.cookie, '?sort=status&order=desc')).json();
    expect(byStatus.results[0].status).toBe('invited');
    const found = (await directory(admin.cookie, '?q=brow')).json();
    expect(found.results.map((r: { name: string }) => r.name)).toEqual(['Ben Brown']);
    expect(found.total).toBe(1);
    const paged = (await directory(admin.cookie, '?pageSize=2&page=2')).json();
    expect(paged).toMatchObject({ total: 3, page: 2 });
    expect(paged.results).toHaveLength(1);
  });

  it('narrows to a department (its name in any case) and to a state, and so does the export', async () => {
    await t.db.execute(sql`UPDATE users SET department = 'Hydrology Lab' WHERE id = ${ana.id}`);
    const names = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);
    expect(names((await directory(admin.cookie, '?department=hydrology%20LAB')).json())).toEqual(['Ana Alvarez']);
    expect(names((await directory(admin.cookie, '?status=invited')).json())).toEqual(['Cara Invited']);
    const active = (await directory(admin.cookie, '?status=active&department=Hydrology%20Lab&sort=lastSignInAt&order=desc')).json();
    expect(active).toMatchObject({ total: 1, results: [{ name: 'Ana Alvarez', status: 'active' }] });
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/admin/researchers.csv?status=invited', headers: { cookie: admin.cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Cara Invited');
    expect(csv.body).not.toContain('Ana Alvarez');
    const bad = await directory(admin.cookie, '?status=gone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('status');
    await t.db.execute(sql`UPDATE users SET department = NULL WHERE id = ${ana.id}`);
  });

  it('refuses bad parameters with the field named', async () => {
    const res = await directory(admin.cookie, '?sort=salary');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('sort');
  });

  it('answers 401 signed out, 403 to a researcher, and shows another admin only their own people', async () => {
    expect((await directory(undefined)).statusCode).toBe(401);
    expect((await directory(ana.cookie)).json().code).toBe('forbidden');
    expect((await directory(otherAdmin.cookie)).json().total).toBe(0);
  });
});

describe('pageDirectory', () => {
  const row = (name: string, lastSignInAt: string | null) => ({
    id: name,
    name,
    email: `${name}@x.edu`,
    title: null,
    department: null,
    setupComplete: false,
    lastSignInAt,
    grantsSaved: 0,
    openOpportunities: 0,
    status: 'active' as const,
    researchAreas: [],
  });
  it('puts people who never signed in first ascending and last descending, ties by name', () => {
    const rows = [row('b', '2026-01-02T00:00:00Z'), row('a', null), row('c', '2026-01-01T00:00:00Z'), row('d', null)];
    const asc = pageDirectory(rows, { sort: 'lastSignInAt', order: 'asc', page: 1, pageSize: 10 });
    expect(asc.results.map((r) => r.name)).toEqual(['a', 'd', 'c', 'b']);
    const desc = pageDirectory(rows, { sort: 'lastSignInAt', order: 'desc', page: 1, pageSize: 10 });
    expect(desc.results.map((r) => r.name)).toEqual(['b', 'c', 'a', 'd']);
  });
});

describe('PATCH /api/v1/admin/researchers/:id', () => {
  const patch = (cookie: string, id: string, status: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/researchers/${id}`,
      payload: { status },
      headers: { cookie },
    });

  it('deactivates: sessions end at once, sign-in answers 403, nothing is deleted; reactivates', async () => {
    const dee = await makePerson(t.db, 'Dee Parting', 'researcher', admin.domain);
    const res = await patch(admin.cookie, dee.id, 'deactivated');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: dee.id, status: 'deactivated' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: dee.cookie } });
    expect(me.statusCode).toBe(401);
    const [user] = await queryRows<{ email: string }>(t.db, sql`select email from users where id = ${dee.id}`);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user!.email, password: testPassword, role: 'researcher' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('account_deactivated');
    // A wrong password gets the same answer: it cannot be told from the right one (issue 27).
    const guessed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user!.email, password: 'a wrong guess at it', role: 'researcher' },
    });
    expect(guessed.statusCode).toBe(403);
    expect(guessed.json()).toEqual(signIn.json());
    // Found by id: another person's random e-mail address may also contain "dee".
    const listed = (await directory(admin.cookie, '?q=Dee')).json();
    expect(listed.results.find((r: { id: string }) => r.id === dee.id)?.status).toBe('deactivated');

    expect((await patch(admin.cookie, dee.id, 'active')).statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user!.email, password: testPassword, role: 'researcher' },
    });
    expect(back.statusCode).toBe(200);
  });

  it("answers 404 for another institution's person and 403 for one's own account", async () => {
    expect((await patch(otherAdmin.cookie, ana.id, 'deactivated')).statusCode).toBe(404);
    expect((await patch(otherAdmin.cookie, 'not-a-uuid', 'deactivated')).statusCode).toBe(404);
    expect((await patch(ana.cookie, ben.id, 'deactivated')).statusCode).toBe(403);
    expect((await patch(admin.cookie, admin.id, 'deactivated')).json().code).toBe('forbidden');
    expect((await patch(admin.cookie, ana.id, 'deleted')).statusCode).toBe(400);
    const [row] = await queryRows<{ status: string }>(t.db, sql`select status from users where id = ${ana.id}`);
    expect(row!.status).toBe('active');
  });
});
