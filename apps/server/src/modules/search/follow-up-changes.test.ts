// Follow-ups that change one thing of the last reading through
// /api/v1/search/chat: "drop NSF" after "USDA or NSF" leaves USDA, and "no,
// summer" or "what about April?" in a conversation is when the grants close,
// not a topic word (said alone, "summer" is one: Summer Stipends).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, signIn } from '../../../test/factories';
import { refreshTermStats } from '../grants/term-stats';

let t: TestApp;
let cookie: string;
const ids: Record<string, string> = {};
const year = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  t = await createTestApp();
  const researcher = await makeUser(t.db);
  cookie = (await signIn(t.app, { email: researcher.email, password: researcher.password, role: 'researcher' })).cookie;
  ids.usda = (await makeGrant(t.db, { title: 'Soil health on working farms', agency: 'National Institute of Food and Agriculture', agencyCode: 'USDA-NIFA' })).id;
  ids.nsf = (await makeGrant(t.db, { title: 'Soil microbial ecology', agency: 'National Science Foundation', agencyCode: 'NSF', instrumentCodes: ['CA'] })).id;
  ids.spring = (await makeGrant(t.db, { title: 'Wetland restoration, spring round', closeDate: `${year}-04-15` })).id;
  ids.summer = (await makeGrant(t.db, { title: 'Wetland restoration, summer round', closeDate: `${year}-07-15` })).id;
  ids.stipends = (await makeGrant(t.db, { title: 'Summer stipends', closeDate: `${year}-09-15` })).id;
  ids.sbir = (await makeGrant(t.db, { title: 'SBIR Phase I: warehouse robotics', eligibilityCodes: ['23'] })).id;
  ids.robotics = (await makeGrant(t.db, { title: 'Robotics for field biology', eligibilityCodes: ['06', '23'] })).id;
  for (let i = 0; i < 10; i++) await makeGrant(t.db, { title: `Field station operations ${i}` });
  await refreshTermStats(t.db);
});
afterAll(() => t.close());

const chat = async (payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/search/chat', payload: { matchProfile: false, ...payload }, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const idsOf = (answer: { results: { grant: { id: string } }[] }) => answer.results.map((r) => r.grant.id);

describe('follow-ups that change one thing', () => {
  it('takes an agency left out off the agencies asked for', async () => {
    const both = await chat({ message: 'soil grants from USDA or NSF', reset: true });
    expect(both.filters.agency).toBe('USDA,NSF');
    expect(idsOf(both).sort()).toEqual([ids.usda, ids.nsf].sort());
    const dropped = await chat({ message: 'drop NSF', context: both.context });
    expect(dropped.filters.agency).toBe('USDA');
    expect(idsOf(dropped)).toEqual([ids.usda]);
    expect(dropped.reply).toContain('from USDA');
  });

  it('reads "only cooperative agreements" as the funding instrument, and relaxes it last but the agency', async () => {
    const soil = await chat({ message: 'soil grants', reset: true });
    const ca = await chat({ message: 'only cooperative agreements', context: soil.context });
    expect(ca.filters).toMatchObject({ keywordGroups: [['soil']], instruments: ['CA'] });
    expect(ca.query).toMatchObject({ q: 'soil', instrument: 'CA' });
    expect(idsOf(ca)).toEqual([ids.nsf]);
    expect(ca.reply).toContain('about “soil”, funded as cooperative agreements.');
    // Named without saying it is how the money comes (a title typed whole may), the words stay words.
    const words = await chat({ message: 'soil cooperative agreements', reset: true });
    expect(words.filters).toMatchObject({ keywordGroups: [['soil', 'cooperative', 'agreements']], instruments: [] });
    // The search box reads the same words the same way.
    const box = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query: { q: 'soil, cooperative agreements only' }, headers: { cookie } });
    expect(idsOf(box.json())).toEqual([ids.nsf]);
    const none = await chat({ message: 'wetland grants, just cooperative agreements', reset: true });
    expect(none.reply).toMatch(/^No open or forecasted grants about “wetland” funded as cooperative agreements; here are 2 funded any way\./);
  });

  it('reads a season or a month said alone in a conversation as when the grants close', async () => {
    const spring = await chat({ message: 'wetland restoration closing in spring', reset: true });
    expect(idsOf(spring)).toEqual([ids.spring]);
    const summer = await chat({ message: 'no, summer', context: spring.context });
    expect(summer.filters).toMatchObject({ keywordGroups: [['wetland', 'restoration']], dueFrom: `${year}-06-01`, dueTo: `${year}-08-31` });
    expect(idsOf(summer)).toEqual([ids.summer]);
    const april = await chat({ message: 'what about April?', context: spring.context });
    expect(april.filters).toMatchObject({ dueFrom: `${year}-04-01`, dueTo: `${year}-04-30` });
    // Alone, a season is a topic.
    const topic = await chat({ message: 'summer', reset: true });
    expect(topic.filters).toMatchObject({ keywordGroups: [['summer']], dueFrom: null, dueTo: null });
    expect(idsOf(topic)).toContain(ids.stipends);
  });

  it('leaves small-business programmes out when asked to, never keeping only those', async () => {
    const robotics = await chat({ message: 'robotics grants', reset: true });
    expect(idsOf(robotics).sort()).toEqual([ids.sbir, ids.robotics].sort());
    const without = await chat({ message: 'exclude the small business ones', context: robotics.context });
    expect(without.filters.keywordGroups).toEqual([['robotics'], ['-sbir', '-sttr']]);
    expect(idsOf(without)).toEqual([ids.robotics]);
    const asked = await chat({ message: 'robotics grants, not for small businesses', reset: true });
    expect(idsOf(asked)).toEqual([ids.robotics]);
  });

  it('reads "how about small businesses instead" as who may apply in place of who was asked, never as a topic', async () => {
    const universities = await chat({ message: 'robotics grants for universities', reset: true });
    expect(idsOf(universities)).toEqual([ids.robotics]);
    const swapped = await chat({ message: 'how about small businesses instead?', context: universities.context });
    expect(swapped.filters.keywordGroups.flat().sort()).toEqual(['@small-businesses', 'robotics']);
    expect(idsOf(swapped).sort()).toEqual([ids.sbir, ids.robotics].sort());
    expect(swapped.reply).toMatch(/^Instead of “universities”: /);
  });
});

