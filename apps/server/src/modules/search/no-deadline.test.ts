// Grants that state no closing date (rolling, or open until funds run out):
// "no deadline" and "rolling deadlines" are a constraint, not words to match
// nor framing to drop. GET /grants/search takes it as noDeadline=true (never
// with closing dates), the assistant reads it from the words, keeps it through
// follow-ups until a window or "never mind the deadline" replaces it, and
// relaxes it last-resort as "with any deadline".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, isoDayOf } from '@grantbridge/contract/days';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, signIn } from '../../../test/factories';
import { refreshTermStats } from '../grants/term-stats';

let t: TestApp;
let cookie: string;
const ids: Record<string, string> = {};
const today = isoDayOf(new Date());

beforeAll(async () => {
  t = await createTestApp();
  const researcher = await makeUser(t.db);
  cookie = (await signIn(t.app, { email: researcher.email, password: researcher.password, role: 'researcher' })).cookie;
  ids.rolling = (await makeGrant(t.db, { title: 'Museum collections care', closeDate: null })).id;
  ids.dated = (await makeGrant(t.db, { title: 'Museum exhibits for science', closeDate: addIsoDays(today, 90) })).id;
  // A forecast has no date yet: not a grant open to apply for at any time.
  ids.forecast = (await makeGrant(t.db, { title: 'Museum education forecast', closeDate: null, recordKind: 'forecast' })).id;
  ids.telescopes = (await makeGrant(t.db, { title: 'Telescope time for astronomy', closeDate: addIsoDays(today, 40) })).id;
  for (let i = 0; i < 20; i++) await makeGrant(t.db, { title: `Field station operations ${i}` });
  await refreshTermStats(t.db);
});
afterAll(() => t.close());

type Page = { results: { grant: { id: string }; reasons: string[] }[]; total: number; relaxed: string | null };
const search = (query: Record<string, string>, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query, headers });
const chat = async (payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/search/chat', payload: { matchProfile: false, ...payload }, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /grants/search?noDeadline=true', () => {
  it('lists only announced grants that state no closing date, and says why', async () => {
    const res = await search({ q: 'museum', noDeadline: 'true' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.results.map((r) => r.grant.id)).toEqual([ids.rolling]);
    expect(page.results[0]!.reasons).toContain('No fixed deadline');
    // Without it, the dated grant and the forecast are there too.
    const all = (await search({ q: 'museum' })).json() as Page;
    expect(all.results.map((r) => r.grant.id).sort()).toEqual([ids.rolling, ids.dated, ids.forecast].sort());
  });

  it('reads "rolling deadlines" and "no deadline" in the words as the same filter, not as words', async () => {
    for (const q of ['museum rolling deadlines', 'museum grants with no deadline', 'museum, accepted year-round']) {
      const page = (await search({ q })).json() as Page;
      expect(page.results.map((r) => r.grant.id), q).toEqual([ids.rolling]);
    }
    // Closing dates in the query win over the words.
    const dated = (await search({ q: 'museum rolling deadlines', dueTo: addIsoDays(today, 365) })).json() as Page;
    expect(dated.results.map((r) => r.grant.id)).toEqual([ids.dated]);
  });

  it('refuses closing dates and no fixed deadline together, with a code, and asks a signed-out caller to sign in', async () => {
    const bad = await search({ q: 'museum', noDeadline: 'true', dueFrom: today });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect(JSON.stringify(bad.json())).toContain('Choose closing dates or no fixed deadline, not both');
    expect((await search({ q: 'museum', noDeadline: 'maybe' })).statusCode).toBe(400);
    expect((await search({ q: 'museum', noDeadline: 'true' }, {})).statusCode).toBe(401);
  });

  it('relaxes it to any deadline when nothing without one matches, and says so', async () => {
    const page = (await search({ q: 'telescope', noDeadline: 'true' })).json() as Page;
    expect(page.relaxed).toBe('No open grants about “telescope” with no fixed deadline; here is 1 with any deadline.');
    expect(page.results.map((r) => r.grant.id)).toEqual([ids.telescopes]);
  });
});

describe('the assistant and "no deadline"', () => {
  it('reads it from the words, says it, and writes it into the URL it answers', async () => {
    const answer = await chat({ message: 'museum grants with rolling deadlines', reset: true });
    expect(answer.filters).toMatchObject({ keywords: ['museum'], noDeadline: true, dueFrom: null, dueTo: null });
    expect(answer.reply).toMatch(/about “museum”, with no fixed deadline\./);
    expect(answer.results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual([ids.rolling]);
    expect(answer.query).toMatchObject({ q: 'museum', noDeadline: 'true' });
  });

  it('keeps it through a follow-up, gives way to a window said later, and drops it with "never mind the deadline"', async () => {
    const first = await chat({ message: 'museum grants with no deadline', reset: true });
    const narrowed = await chat({ message: 'collections', context: first.context });
    expect(narrowed.filters.noDeadline).toBe(true);
    const windowed = await chat({ message: 'closing in the next 6 months', context: first.context });
    expect(windowed.filters).toMatchObject({ noDeadline: false, dueFrom: today });
    expect(windowed.results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual([ids.dated]);
    const any = await chat({ message: 'never mind the deadline', context: first.context });
    expect(any.filters.noDeadline).toBe(false);
    expect(any.reply).toMatch(/^With any deadline: /);
  });
});
