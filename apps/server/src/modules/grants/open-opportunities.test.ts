// openGrantsFittingGroup, worked by hand: a group's people come as distinct
// sets of areas with how many have each; a person counts once per grant
// however many of their areas fit it, by the area rule (case-insensitive
// substring either way), and only open grants count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant } from '../../../test/factories';
import { forgetOpenGrantAreas, openGrantsFittingGroup } from './open-opportunities';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const grants: [string, string[], Partial<Parameters<typeof makeGrant>[1]>?][] = [
    ['hydro', ['Zeta Hydrology']],
    ['forest', ['Zeta Forest Ecology']],
    ['both', ['Zeta Hydrology', 'Zeta Forest Ecology']],
    ['onco', ['Zeta Oncology']],
    ['closed', ['Zeta Hydrology'], { closeDate: '2020-01-01', status: 'closed' }],
  ];
  for (const [key, researchAreas, extra] of grants) {
    ids[key] = (await makeGrant(t.db, { title: `Zeta ${key}`, researchAreas, ...extra })).id;
  }
  forgetOpenGrantAreas();
});
afterAll(() => t.close());

describe('openGrantsFittingGroup', () => {
  it('counts each person once per open grant, weighted by how many share a set of areas', async () => {
    const people = [
      { areas: ['Zeta Hydrology', 'zeta forest ecology'], count: 3 }, // fits hydro, forest, both (both once)
      { areas: ['ZETA HYDROLOGY'], count: 2 }, // hydro, both
      { areas: ['Zeta Oncology'], count: 5 }, // onco
      { areas: ['Zeta Forest'], count: 1 }, // a substring of "Zeta Forest Ecology": forest, both
      { areas: ['Zeta Robotics'], count: 7 }, // nothing
    ];
    const found = await openGrantsFittingGroup(t.db, people);
    const mine = new Map(found.filter((g) => Object.values(ids).includes(g.id)).map((g) => [g.id, g.people]));
    expect(Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, mine.get(id) ?? 0]))).toEqual({
      hydro: 5,
      forest: 4,
      both: 6,
      onco: 5,
      closed: 0,
    });
    expect(mine.size).toBe(4); // a grant nobody fits, or a closed one, is not listed
  });

  it('finds nothing for nobody', async () => {
    expect(await openGrantsFittingGroup(t.db, [])).toEqual([]);
  });
});
