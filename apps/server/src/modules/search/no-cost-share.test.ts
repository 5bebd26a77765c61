// Grants that ask no cost sharing or match (Grants.gov's "cost sharing or
// matching requirement: No"): "no cost share", "no match required", "without
// matching funds" are a constraint, not words to match nor words left out.
// GET /grants/search takes it as noCostShare=true, the assistant reads it
// from the words, keeps it through follow-ups until "never mind the cost
// share", and relaxes it when nothing fits ("whether or not cost sharing is
// required"). A grant that does not say is not one that asks none.
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
  ids.free = (await makeGrant(t.db, { title: 'Watershed restoration planning', costSharing: false })).id;
  ids.matched = (await makeGrant(t.db, { title: 'Watershed restoration construction', costSharing: true })).id;
  ids.unsaid = (await makeGrant(t.db, { title: 'Watershed restoration monitoring', costSharing: null })).id;
  ids.tribal = (await makeGrant(t.db, { title: 'Tribal forestry cost share', costSharing: true, eligibilityCodes: ['07'] })).id;
  for (let i = 0; i < 20; i++) await makeGrant(t.db, { title: `Field station operations ${i}` });
  await refreshTermStats(t.db);
});
afterAll(() => t.close());

type Page = { results: { grant: { id: string }; reasons: string[] }[]; total: number; relaxed: string | null };
const search = (query: Record<string, string>, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query, headers });
const idsOf = (page: { results: { grant: { id: string } }[] }) => page.results.map((r) => r.grant.id);
const chat = async (payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/search/chat', payload: { matchProfile: false, ...payload }, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /grants/search?noCostShare=true', () => {
  it('lists only grants that state no cost sharing is required, and says why', async () => {
    const res = await search({ q: 'watershed restoration', noCostShare: 'true' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(idsOf(page)).toEqual([ids.free]);
    expect(page.results[0]!.reasons).toContain('No cost sharing required');
    expect(idsOf((await search({ q: 'watershed restoration' })).json() as Page).sort()).toEqual([ids.free, ids.matched, ids.unsaid].sort());
  });

  it('reads "no cost share" and "no match required" in the words as the same filter, not as words', async () => {
    for (const q of ['watershed restoration, no cost share', 'watershed restoration with no match required', 'watershed restoration without matching funds']) {
      expect(idsOf((await search({ q })).json() as Page), q).toEqual([ids.free]);
    }
  });

  it('refuses a value that is not a yes or no, with a code, and asks a signed-out caller to sign in', async () => {
    const bad = await search({ q: 'watershed', noCostShare: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect((await search({ q: 'watershed', noCostShare: 'true' }, {})).statusCode).toBe(401);
  });

  it('relaxes it when nothing without cost sharing matches, and says so', async () => {
    const page = (await search({ q: 'tribal forestry', noCostShare: 'true' })).json() as Page;
    expect(page.relaxed).toBe(
      'No open or forecasted grants about “tribal”, “forestry” with no cost sharing required; here is 1 whether or not cost sharing is required.',
    );
    expect(idsOf(page)).toEqual([ids.tribal]);
  });
});

describe('the assistant and "no cost share"', () => {
  it('reads it from the words, says it, and writes it into the URL it answers', async () => {
    const answer = await chat({ message: 'watershed restoration grants that do not require a match', reset: true });
    expect(answer.filters).toMatchObject({ keywords: ['watershed', 'restoration'], noCostShare: true });
    expect(answer.reply).toContain('with no cost sharing required');
    expect(idsOf(answer)).toEqual([ids.free]);
    expect(answer.query).toMatchObject({ q: 'watershed restoration', noCostShare: 'true' });
  });

  it('keeps it through a follow-up and drops it with "never mind the cost share"', async () => {
    const first = await chat({ message: 'watershed grants', reset: true });
    const narrowed = await chat({ message: 'no cost sharing', context: first.context });
    expect(narrowed.filters.noCostShare).toBe(true);
    expect(idsOf(narrowed)).toEqual([ids.free]);
    const kept = await chat({ message: 'restoration', context: narrowed.context });
    expect(kept.filters.noCostShare).toBe(true);
    const any = await chat({ message: 'never mind the cost share', context: narrowed.context });
    expect(any.filters.noCostShare).toBe(false);
    expect(any.reply).toMatch(/^With cost sharing allowed: /);
    expect(idsOf(any)).toHaveLength(3);
  });

  it('names it when it empties a follow-up, and offers it dropped', async () => {
    const first = await chat({ message: 'tribal forestry', reset: true });
    const emptied = await chat({ message: 'no cost share', context: first.context });
    expect(emptied.reply).toContain('with no cost sharing required');
    expect(emptied.undo).not.toBeNull();
  });
});
