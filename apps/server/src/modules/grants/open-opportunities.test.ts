// openGrantsFittingGroup, worked by hand: a group's people come as distinct
// sets of areas with how many have each; a person counts once per grant
// however many of their areas fit it, by the area rule (case-insensitive
// substring either way), and only open grants count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant } from '../../../test/factories';
import { fiscalYearsNamed, forgetOpenGrantAreas, namesOnlyPastYears, openGrantsFittingGroup } from './open-opportunities';

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
    // Left "open" by a missing close date, though its title says FY 2012 (issue 30): not an opportunity.
    ['stale', ['Zeta Oncology'], { title: 'Zeta oncology outreach FY 2012', closeDate: null, recordKind: 'forecast', status: 'forecasted' }],
    // Two versions of one call: counted once, as the one closing last.
    ['v1', ['Zeta Oncology'], { title: 'Zeta Tumour Biology', closeDate: '2099-03-01' }],
    ['v2', ['Zeta Oncology'], { title: 'ZETA tumour biology', closeDate: '2099-09-01' }],
  ];
  for (const [key, researchAreas, extra] of grants) {
    ids[key] = (await makeGrant(t.db, { title: `Zeta ${key}`, researchAreas, agencyCode: 'ZETA', ...extra })).id;
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
      stale: 0,
      v1: 0,
      v2: 5,
    });
    expect(mine.size).toBe(5); // a grant nobody fits, a closed one, a stale one, an earlier version: not listed
  });

  it('finds nothing for nobody', async () => {
    expect(await openGrantsFittingGroup(t.db, [])).toEqual([]);
  });
});

describe('what an open opportunity is not', () => {
  it('reads fiscal years from titles, not bare years', () => {
    expect(fiscalYearsNamed('Pest control FY 2012')).toEqual([2012]);
    expect(fiscalYearsNamed("FY-13 and FY'14 awards")).toEqual([2013, 2014]);
    expect(fiscalYearsNamed('Fiscal Year 2026 Research Grants')).toEqual([2026]);
    expect(fiscalYearsNamed('2020 Census follow-up')).toEqual([]);
  });

  it('is stale when every fiscal year named is before last year (today 2026-11-27: 2025 is last year)', () => {
    const today = '2026-11-27';
    expect(namesOnlyPastYears('Forest pests FY 2012', today)).toBe(true);
    expect(namesOnlyPastYears('Forest pests FY 2024-2025', today)).toBe(true);
    expect(namesOnlyPastYears('Forest pests FY 2025', today)).toBe(false);
    expect(namesOnlyPastYears('Forest pests FY 2012 and FY 2027', today)).toBe(false);
    expect(namesOnlyPastYears('Forest pests', today)).toBe(false);
  });
});
