import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestApp } from '../test/test-app';
import { makeGrant, makeUser, signIn } from '../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('app foundation', () => {
  it('reports health and the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: usingPostgres ? 'postgres' : 'pglite' });
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(csp.match(/script-src[^;]*/)![0]).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('answers unknown API paths with problem+json not_found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/contact-requests', '/api/v1/institutions']),
    );
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('requires sign-in on private routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/researchers' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });

  it('refuses admin APIs to a researcher with 403 forbidden', async () => {
    const { email, password } = await makeUser(t.db, { role: 'researcher' });
    const { cookie } = await signIn(t.app, { email, password, role: 'researcher' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/researchers', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it("lists only the admin's own institution's researchers", async () => {
    const admin = await makeUser(t.db, { role: 'admin' });
    const colleague = await makeUser(t.db, { role: 'researcher', domain: admin.institution.domains[0] });
    const outsider = await makeUser(t.db, { role: 'researcher' });
    const { cookie } = await signIn(t.app, { email: admin.email, password: admin.password, role: 'admin' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/researchers', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const ids = res.json().results.map((r: { id: string }) => r.id);
    expect(ids).toContain(colleague.user.id);
    expect(ids).not.toContain(outsider.user.id);
    expect(ids).not.toContain(admin.user.id);
  });

  it('serves public stats counted from the database', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/stats' })).json();
    expect(before.institutions).toBeGreaterThan(2300);
    await makeGrant(t.db, { agencyCode: 'NSF', closeDate: '2099-01-01' });
    await makeGrant(t.db, { agencyCode: 'HHS-NIH11', closeDate: '2000-01-01' });
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/stats' })).json();
    expect(after.totalGrants).toBe(before.totalGrants + 2);
    expect(after.openGrants).toBe(before.openGrants + 1);
    expect(after.agencies).toBeGreaterThanOrEqual(2);
  });
});
