// GET /api/v1/researchers/recommended on a real database: who is left out
// (contacts, the deactivated, colleagues at one's own institution, people
// with no reason to give), common interests, co-authors, mutual connections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePerson, setResearchAreas, type TestPerson } from '../../../test/factories';

let t: TestApp;
let me: TestPerson & { domain: string };
let ann: TestPerson;
let bob: TestPerson;
let cat: TestPerson;
let gone: TestPerson;
let friend: TestPerson;
let ada: TestPerson;
let cy: TestPerson;

async function talk(a: TestPerson, b: TestPerson) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    payload: { type: 'direct', memberIds: [b.id] },
    headers: { cookie: a.cookie },
  });
  expect([200, 201]).toContain(res.statusCode);
}

beforeAll(async () => {
  t = await createTestApp();
  me = await makePerson(t.db, 'Mia Me');
  ann = await makePerson(t.db, 'Ann Alike', 'researcher', me.domain);
  bob = await makePerson(t.db, 'Bob Elsewhere');
  cat = await makePerson(t.db, 'Cat Contact');
  gone = await makePerson(t.db, 'Gus Gone');
  friend = await makePerson(t.db, 'Fay Friend');
  ada = await makePerson(t.db, 'Ada Across');
  cy = await makePerson(t.db, 'Dr. Cy Coauthor');
  await setResearchAreas(t.db, me.id, ['Ecohydrology', 'Forest Ecology']);
  await setResearchAreas(t.db, ann.id, ['Ecohydrology', 'Forest Ecology']);
  await setResearchAreas(t.db, bob.id, ['Ecohydrology']);
  await setResearchAreas(t.db, cat.id, ['Ecohydrology', 'Forest Ecology']);
  await setResearchAreas(t.db, gone.id, ['Ecohydrology', 'Forest Ecology']);
  await setResearchAreas(t.db, friend.id, ['Astrophysics']);
  await setResearchAreas(t.db, ada.id, ['Ecohydrology', 'Forest Ecology']);
  await setResearchAreas(t.db, cy.id, ['Medieval Poetry']);
  // Mia wrote a paper with Cy, whose areas share nothing with hers.
  await t.db.execute(sql`insert into publications (user_id, title, year, authors)
    values (${me.id}, 'Streams under old forests', 2024, 'Me, M.; Coauthor, C.; Someone, S.')`);
  await t.db.execute(sql`update users set status = 'deactivated' where id = ${gone.id}`);
  await talk(me, cat);
  await talk(me, friend);
  await talk(friend, bob);
});
afterAll(() => t.close());

const recommended = (cookie?: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/researchers/recommended${query}`, headers: cookie ? { cookie } : {} });

describe('GET /api/v1/researchers/recommended', () => {
  it('ranks people elsewhere by what they share, leaving out colleagues, contacts, the deactivated and those with nothing in common', async () => {
    const res = await recommended(me.cookie);
    expect(res.statusCode).toBe(200);
    const results = res.json().results as {
      researcher: { id: string; name: string; institution: string };
      commonInterests: string[];
      complementaryAreas: string[];
      coAuthor: boolean;
      mutualConnections: number;
      score: number;
    }[];
    // Ann shares everything but works at Mia's own university: not recommended (issue 30). Fay shares nothing.
    expect(results[0]!.researcher.name).toBe('Ada Across');
    expect(results.map((r) => r.researcher.name).sort()).toEqual(['Ada Across', 'Bob Elsewhere', 'Dr. Cy Coauthor']);
    const named = (name: string) => results.find((r) => r.researcher.name === name)!;
    expect(results[0]).toMatchObject({ commonInterests: ['Ecohydrology', 'Forest Ecology'], coAuthor: false, mutualConnections: 0 });
    expect(results[0]!.researcher.institution).toMatch(/^Test University/);
    // Fay, whom Mia talks to, talks to Bob.
    expect(named('Bob Elsewhere')).toMatchObject({ commonInterests: ['Ecohydrology'], mutualConnections: 1 });
    // Cy: nothing in common but a paper together, which is the reason given.
    expect(named('Dr. Cy Coauthor')).toMatchObject({ commonInterests: [], complementaryAreas: [], coAuthor: true });
    expect(results[0]!.score).toBeGreaterThan(named('Bob Elsewhere').score);
  });

  it('follows a profile edit at once', async () => {
    await t.app.inject({ method: 'PATCH', url: '/api/v1/profile', payload: { researchAreas: ['Astrophysics'] }, headers: { cookie: ada.cookie } });
    const names = (await recommended(me.cookie)).json().results.map((r: { researcher: { name: string } }) => r.researcher.name);
    expect(names.sort()).toEqual(['Bob Elsewhere', 'Dr. Cy Coauthor']);
  });

  it('answers an empty list to a profile with nothing in it, 400 for a bad limit, 401 signed out', async () => {
    const empty = await makePerson(t.db, 'Ed Empty');
    expect((await recommended(empty.cookie)).json()).toEqual({ results: [] });
    expect((await recommended(me.cookie, '?limit=0')).statusCode).toBe(400);
    expect((await recommended(undefined)).statusCode).toBe(401);
  });
});
