// The search box reads a search that finds nothing more loosely, as the
// assistant does, and says so (issue 25, item 7): GET /grants/search answers
// with the first looser reading's results and `relaxed`, the sentence the
// results panel shows. Text typed into "Search these results" is never loosened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, signIn } from '../../../test/factories';
import { refreshTermStats } from '../grants/term-stats';
import { addIsoDays, isoDayOf } from '@grantbridge/contract/days';

let t: TestApp;
let cookie: string;
const noaa: string[] = [];
let museum: string;
let telemedicine: string;
const today = isoDayOf(new Date());

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
  // Museum digitization closes in two years; a rural clinics call that says both words once, in passing, next month.
  museum = (await makeGrant(t.db, { title: 'Museum collections digitization', description: 'Digitization of museum collections and archives.', closeDate: addIsoDays(today, 700) })).id;
  const passing = `A clinic may partner with a museum on records digitization. ${'Rural clinics serve patients across wide counties with scarce staff and long travel. '.repeat(12)}`;
  await makeGrant(t.db, { title: 'Rural clinic staffing', description: passing, closeDate: addIsoDays(today, 45) });
  // Telemedicine only in a round that closed last year.
  telemedicine = (await makeGrant(t.db, { title: 'Telemedicine networks for clinics', closeDate: addIsoDays(today, -300) })).id;
  // Enough other grants that "museum" and "digitization" are rare words (a common one must be said in a title).
  for (let i = 0; i < 25; i++) await makeGrant(t.db, { title: `Field station operations ${i}` });
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

  it('widens a deadline window to any deadline when the next window holds only a far weaker match', async () => {
    // The next 30 days hold nothing; the 30 after them only the clinics call that names both words in passing,
    // far below the museum grant that closes later: that is the answer, said as "with any deadline".
    const page = await search({ q: 'museum digitization', dueFrom: today, dueTo: addIsoDays(today, 29) });
    expect(page.relaxed).toMatch(/; here are 2 with any deadline\.$/);
    expect(page.results[0]!.grant.id).toBe(museum);
    // Where the next window's best is as good, it is the answer (the window moved, not dropped).
    const near = await search({ q: 'rural clinic staffing', dueFrom: today, dueTo: addIsoDays(today, 29) });
    expect(near.relaxed).toMatch(/here is 1 that close between/);
  });

  it('leaves an empty answer empty when no looser reading finds anything, or when "Search these results" emptied it', async () => {
    const none = await search({ q: 'zorblax quixotic' });
    expect(none).toMatchObject({ total: 0, relaxed: null, results: [] });
    const within = await search({ q: 'NOAA', within: 'plasma' });
    expect(within).toMatchObject({ total: 0, relaxed: null, results: [] });
  });

  it('names the words no grant says, open or closed, when nothing matches even loosely', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/search/chat', payload: { message: 'NOAA zorblax quixotic', matchProfile: false }, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      reply:
        "I couldn't find any grants matching your criteria. Try broadening your search or using different keywords. No grant in the catalogue, open or closed, says “zorblax” or “quixotic”.",
      results: [],
    });
  });

  it('shows the closed rounds when one constraint alone stood between the words and them', async () => {
    // Only a closed round says "telemedicine", and it states no amount: under $10,000 had answered with nothing.
    const page = await search({ q: 'telemedicine under $10,000' });
    expect(page.results.map((r) => r.grant.id)).toEqual([telemedicine]);
    expect(page.relaxed).toBe(
      'No open or forecasted grants match all of that; here is 1 from earlier rounds, now closed (to plan for the next) for a looser reading (about “telemedicine”).',
    );
  });

  it('takes a new topic said instead that nothing open says as a question of its own: its closed rounds, said', async () => {
    const chat = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/search/chat', payload: { matchProfile: false, ...payload }, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const first = await chat({ message: 'coastal ocean observing', reset: true });
    expect(first.total).toBeGreaterThan(0);
    const next = await chat({ message: 'never mind, show me telemedicine instead', context: first.context });
    expect(next.reply).toMatch(/^Instead of “coastal”, “ocean”, “observing”: No open or forecasted grants about “telemedicine”; here is 1 from earlier rounds, now closed \(to plan for the next\)\./);
    expect(next.results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual([telemedicine]);
    expect(next.filters.keywordGroups).toEqual([['telemedicine']]);
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
