// A grant's title typed whole is found, even when its words read as
// constraints ("Research Without Walls" is not "research, leaving out
// walls"; "… for a Tribal Government" no filter on who may apply; "… With
// No Deadline" no filter on closing dates). The same words that are not a
// title keep their constraints. And an opportunity number typed loosely in
// the assistant ("par 23 296 r21") is the call, as in the search box.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, isoDayOf } from '@grantbridge/contract/days';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, signIn } from '../../../test/factories';
import { refreshTermStats } from '../grants/term-stats';
import { typedTitleWords } from './typed-titles';

let t: TestApp;
let cookie: string;
const ids: Record<string, string> = {};
const today = isoDayOf(new Date());

beforeAll(async () => {
  t = await createTestApp();
  const researcher = await makeUser(t.db);
  cookie = (await signIn(t.app, { email: researcher.email, password: researcher.password, role: 'researcher' })).cookie;
  ids.walls = (await makeGrant(t.db, { title: 'Research Without Walls', closeDate: addIsoDays(today, 60) })).id;
  ids.wallsOther = (await makeGrant(t.db, { title: 'Research on retaining walls', closeDate: addIsoDays(today, 70) })).id;
  ids.research = (await makeGrant(t.db, { title: 'Research infrastructure', closeDate: addIsoDays(today, 80) })).id;
  // Open to universities only: "for a tribal government" read as who applies would leave it out.
  ids.feed = (
    await makeGrant(t.db, {
      title: 'Ruminant Feed Efficiency for a Tribal Government',
      eligibilityCodes: ['06'],
      closeDate: addIsoDays(today, 50),
    })
  ).id;
  ids.tribalFeed = (
    await makeGrant(t.db, { title: 'Ruminant feed trials', eligibilityCodes: ['07'], closeDate: addIsoDays(today, 55) })
  ).id;
  // It states a closing date: "no deadline" read as the filter would leave it out.
  ids.archives = (await makeGrant(t.db, { title: 'Museum Archives With No Deadline', closeDate: addIsoDays(today, 40) })).id;
  // A title that begins as a question would ("Grant …") and says who applies.
  ids.writing = (await makeGrant(t.db, { title: 'Grant Writing for Tribal Governments', eligibilityCodes: ['06'] })).id;
  ids.numbered = (await makeGrant(t.db, { title: 'HIV cure strategies at treatment start', opportunityNumber: 'PAR-23-296' })).id;
  for (let i = 0; i < 3; i++) await makeGrant(t.db, { title: `Exploratory R21 awards in virology ${i}`, opportunityNumber: `PAR-23-${300 + i}` });
  for (let i = 0; i < 10; i++) await makeGrant(t.db, { title: `Field station operations ${i}` });
  await refreshTermStats(t.db);
});
afterAll(() => t.close());

type Page = { results: { grant: { id: string } }[]; total: number; relaxed: string | null };
const page = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query: { q }, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as Page;
};
const search = async (q: string) => (await page(q)).results.map((r) => r.grant.id);
const chat = async (message: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/search/chat',
    payload: { message, matchProfile: false },
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Page & { reply: string; filters: { keywords: string[]; noDeadline: boolean }; query: { q?: string } | null };
};

describe('a title typed whole', () => {
  it('is found first in the search box, its words not read as constraints', async () => {
    for (const [q, id] of [
      ['Research Without Walls', ids.walls],
      ['ruminant feed efficiency for a tribal government', ids.feed],
      ['"Museum Archives With No Deadline"', ids.archives],
      ['Grant Writing for Tribal Governments', ids.writing],
    ] as const) {
      // Found as asked, not by a looser reading.
      const found = await page(q);
      expect(found.results[0]?.grant.id, q).toBe(id);
      expect(found.relaxed, q).toBeNull();
    }
  });

  it('is found first by the assistant, asked for in words around it', async () => {
    for (const [message, id] of [
      ['find the grant called Research Without Walls', ids.walls],
      ['Ruminant Feed Efficiency for a Tribal Government', ids.feed],
      ['show me “Museum Archives With No Deadline”', ids.archives],
    ] as const) {
      const answer = await chat(message);
      expect(answer.results[0]?.grant.id, message).toBe(id);
      expect(answer.filters.keywords, message).not.toContain('@tribes');
      expect(answer.filters.keywords.filter((w) => w.startsWith('-')), message).toEqual([]);
      expect(answer.filters.noDeadline, message).toBe(false);
    }
  });

  it('keeps the constraints of the same words when they are not a title', async () => {
    // Not a title: "without walls" leaves walls out, "for a tribal government" is who applies.
    const research = await search('infrastructure research without walls');
    expect(research).toContain(ids.research);
    expect(research).not.toContain(ids.walls);
    expect(research).not.toContain(ids.wallsOther);
    const feed = await chat('ruminant feed for a tribal government');
    expect(feed.filters.keywords).toContain('@tribes');
    expect(feed.results.map((r) => r.grant.id)).toEqual([ids.tribalFeed]);
    // Nothing states no deadline: the box answers with any deadline, and says so.
    expect((await page('museum archives, no deadline')).relaxed).toMatch(/with any deadline/);
    expect((await page('Museum Archives With No Deadline')).relaxed).toBeNull();
  });

  it('reads the words of a title as the title says them', () => {
    expect(typedTitleWords('Find the grant called “Ruminant Feed Efficiency”')).toEqual(['ruminant', 'feed', 'efficiency']);
    expect(typedTitleWords("I'm looking for the Director's Early Independence Award")).toEqual(
      typedTitleWords("Director's Early Independence Award"),
    );
    expect(typedTitleWords("Director's Early Independence Award")).toContain('independence');
  });
});

describe('an opportunity number typed loosely in the assistant', () => {
  it('is the call first, and the URL it answers keeps the number', async () => {
    const answer = await chat('par 23 296 r21');
    expect(answer.results[0]?.grant.id).toBe(ids.numbered);
    expect(answer.filters.keywords).toContain('par-23-296');
    expect(answer.query?.q).toContain('par-23-296');
    // A number no grant has is words as before.
    expect((await chat('par 23 999 virology')).filters.keywords).not.toContain('par-23-999');
    // Only a number no grant has: said so, not asked again.
    const unknown = await chat('pa 23 999');
    expect(unknown.reply).toBe('No grant in the catalogue has the number “pa 23 999”. Check it, or tell me what the grant is about.');
    expect(unknown.results).toEqual([]);
  });
});

