// The search box reads a search that finds nothing more loosely, as the
// assistant does, and says so (issue 25, item 7): GET /grants/search answers
// with the first looser reading's results and `relaxed`, the sentence the
// results panel shows. Text typed into "Search these results" is never loosened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, signIn } from '../../../test/factories';
import { refreshTermStats } from '../grants/term-stats';

let t: TestApp;
let cookie: string;
const noaa: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const researcher = await makeUser(t.db);
  cookie = (await signIn(t.app, { email: researcher.email, password: researcher.password, role: 'researcher' })).cookie;
  for (const title of ['Coastal ocean observing systems', 'Fisheries habitat science']) {
    noaa.push((await makeGrant(t.db, { title, agency: 'National Oceanic and Atmospheric Administration', agencyCode: 'DOC-NOAA' })).id);
  }
  for (const title of ['Basic plasma physics', 'Basic energy sciences', 'Basic research in mathematics', 'Basic cell biology']) {
    await makeGrant(t.db, { title, description: `${title}: basic questions.` });
  }
  await refreshTermStats(t.db);
});
afterAll(() => t.close());

type Page = { results: { grant: { id: string } }[]; total: number; relaxed: string | null };
const search = async (query: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as Page;
};

describe('GET /grants/search when nothing matches', () => {
  it('drops a word most grants say before the agency named, and says what it dropped', async () => {
    // No NOAA grant says "basic", a word four grants in six say: the agency, named, outweighs it.
    const page = await search({ q: 'NOAA basic research grants' });
    expect(page.relaxed).toBe('No open or forecasted grants from NOAA that say “basic”; here are 2 without that word.');
    expect(page.total).toBe(2);
    expect(page.results.map((r) => r.grant.id).sort()).toEqual([...noaa].sort());
  });

  it('answers a search that finds something as it was asked, relaxed null', async () => {
    const page = await search({ q: 'NOAA fisheries' });
    expect(page.relaxed).toBeNull();
    expect(page.results.map((r) => r.grant.id)).toEqual([noaa[1]]);
  });

  it('leaves an empty answer empty when no looser reading finds anything, or when "Search these results" emptied it', async () => {
    const none = await search({ q: 'zorblax quixotic' });
    expect(none).toMatchObject({ total: 0, relaxed: null, results: [] });
    const within = await search({ q: 'NOAA', within: 'plasma' });
    expect(within).toMatchObject({ total: 0, relaxed: null, results: [] });
  });

  it('says the same looser reading in the assistant', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search/chat',
      payload: { message: 'NOAA basic research grants', matchProfile: false },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().reply).toMatch(/^No open or forecasted grants from NOAA that say “basic”; here are 2 without that word\./);
  });
});
