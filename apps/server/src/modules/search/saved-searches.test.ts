import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeUser, signIn } from '../../../test/factories';

let t: TestApp;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const me = await makeUser(t.db);
  cookie = (await signIn(t.app, { email: me.email, password: me.password, role: 'researcher' })).cookie;
  const other = await makeUser(t.db);
  otherCookie = (await signIn(t.app, { email: other.email, password: other.password, role: 'researcher' })).cookie;
});
afterAll(() => t.close());

const get = (url: string, c = cookie) => t.app.inject({ method: 'GET', url, headers: { cookie: c } });

describe('saved searches', () => {
  it('saves, lists, renames and deletes only for the owner', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/saved-searches',
      headers: { cookie },
      payload: { name: 'Carbon over 500k', query: 'carbon', filters: { amountMin: '500000', sort: 'match' } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().savedSearch.id;
    expect(created.json().savedSearch).toMatchObject({ name: 'Carbon over 500k', alertCadence: 'off', filters: { amountMin: '500000' } });

    const list = await get('/api/v1/saved-searches');
    expect(list.json().savedSearches.map((s: { id: string }) => s.id)).toEqual([id]);
    expect((await get('/api/v1/saved-searches', otherCookie)).json().savedSearches).toEqual([]);

    const stolen = await t.app.inject({ method: 'PATCH', url: `/api/v1/saved-searches/${id}`, headers: { cookie: otherCookie }, payload: { name: 'mine' } });
    expect(stolen.statusCode).toBe(404);
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/v1/saved-searches/${id}`, headers: { cookie }, payload: { name: 'Carbon, big' } });
    expect(renamed.json().savedSearch.name).toBe('Carbon, big');
    const empty = await t.app.inject({ method: 'PATCH', url: `/api/v1/saved-searches/${id}`, headers: { cookie }, payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/saved-searches/${id}`, headers: { cookie: otherCookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/saved-searches/${id}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await get('/api/v1/saved-searches')).json().savedSearches).toEqual([]);
  });

  it('rejects a save without a name', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/saved-searches', headers: { cookie }, payload: { query: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('name');
  });
});
