// "Newest first": the order of when a grant was posted (sort=posted-desc), for
// a research office watching what is new. GET /grants/search orders by it, a
// grant that states no posting date last; the assistant reads "newest first",
// "recently posted" and "sorted by posted date" as that order and names the
// grant it puts first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, signIn } from '../../../test/factories';
import { refreshTermStats } from '../grants/term-stats';

let t: TestApp;
let cookie: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const researcher = await makeUser(t.db);
  cookie = (await signIn(t.app, { email: researcher.email, password: researcher.password, role: 'researcher' })).cookie;
  ids.old = (await makeGrant(t.db, { title: 'Kelp forest restoration', postDate: '2025-03-01' })).id;
  ids.newest = (await makeGrant(t.db, { title: 'Kelp forest monitoring', postDate: '2026-10-15' })).id;
  ids.middle = (await makeGrant(t.db, { title: 'Kelp aquaculture pilots', postDate: '2026-01-20' })).id;
  ids.undated = (await makeGrant(t.db, { title: 'Kelp genetics', postDate: null })).id;
  for (let i = 0; i < 10; i++) await makeGrant(t.db, { title: `Field station operations ${i}` });
  await refreshTermStats(t.db);
});
afterAll(() => t.close());

describe('newest first', () => {
  it('orders GET /grants/search by the posting date, latest first, undated last', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query: { q: 'kelp', sort: 'posted-desc' }, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual([ids.newest, ids.middle, ids.old, ids.undated]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query: { q: 'kelp', sort: 'posted-asc' }, headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it('is the order "newest first" asks the assistant for, the grant put first named', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search/chat',
      payload: { message: 'kelp grants, newest first', matchProfile: false, reset: true },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.sort).toBe('posted-desc');
    expect(answer.filters.keywordGroups).toEqual([['kelp']]);
    expect(answer.query).toMatchObject({ q: 'kelp', sort: 'posted-desc' });
    expect(answer.results[0].grant.id).toBe(ids.newest);
    expect(answer.reply).toContain('Listed newest first: “Kelp forest monitoring” (posted Oct 15, 2026).');
  });
});
