// Hand-worked scores through the real route GET /api/v1/grants/search (issue 30:
// "never show a 0 score as a match"). Ranked by the research profile alone, a
// grant that shares none of the profile's areas is no match and is left out,
// not listed at 0; a search with no words and no profile (filters only) has
// nothing to match, so each result scores 0, not 100.
//
// Profile match = the share of the grant's research areas the researcher has
// (profileMatchPercent), areas matching as case-insensitive substrings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, setResearchAreas, type TestPerson } from '../../../test/factories';

let t: TestApp;
let ecologist: TestPerson & { domain: string };
let aiResearcher: TestPerson;
let uxResearcher: TestPerson;
let plain: TestPerson;
const ids: Record<string, string> = {};

type Result = { grant: { id: string; title: string }; score: number; reasons: string[] };
type Response = { results: Result[]; total: number };

const search = async (who: TestPerson, query: Record<string, string>): Promise<Response> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Response;
};
const scores = (response: Response) => Object.fromEntries(response.results.map((r) => [r.grant.id, r.score]));

beforeAll(async () => {
  t = await createTestApp();
  ecologist = await makePerson(t.db, 'Eco Logist');
  await setResearchAreas(t.db, ecologist.id, ['Carbon Cycling', 'Forest Ecology']);
  // "AI": an area of two letters, a known acronym, retrieves by its word like any other.
  aiResearcher = await makePerson(t.db, 'Ada Intelligence', 'researcher', ecologist.domain);
  await setResearchAreas(t.db, aiResearcher.id, ['AI']);
  // "UX" gives no word to retrieve by (not a known acronym): the search retrieves by the area itself.
  uxResearcher = await makePerson(t.db, 'Ursula Experience', 'researcher', ecologist.domain);
  await setResearchAreas(t.db, uxResearcher.id, ['UX']);
  // Research areas of her own, never used: no profile is asked for.
  plain = await makePerson(t.db, 'Pla In', 'researcher', ecologist.domain);
  await setResearchAreas(t.db, plain.id, ['Carbon Cycling']);

  const grant = async (key: string, values: Parameters<typeof makeGrant>[1]) => {
    ids[key] = (await makeGrant(t.db, { closeDate: '2099-06-01', ...values })).id;
  };
  // 1 of its 1 areas is the ecologist's ("Forest Ecology"): 100.
  await grant('marine', { title: 'Marine ecology observatories', researchAreas: ['Forest Ecology'], closeDate: '2099-02-01' });
  // 1 of its 2 areas ("Carbon Cycling"): 50.
  await grant('soil', { title: 'Soil carbon dynamics', researchAreas: ['Carbon Cycling', 'Climate Change'], closeDate: '2099-03-01' });
  // Says "forest" and "carbon" (so the profile's words retrieve it), but shares no area: 0, no match.
  await grant('urban', { title: 'Urban forest carbon accounting', researchAreas: ['Urban Planning'], closeDate: '2099-04-01' });
  // Says "forest ecology" with no research areas at all: 0, no match.
  await grant('school', { title: 'Forest ecology field school', researchAreas: [], closeDate: '2099-05-01' });
  // The AI researcher's: 1 of 2 areas, 50.
  await grant('vision', { title: 'Machine vision for crops', researchAreas: ['AI', 'Agronomy'], closeDate: '2099-07-01' });
  // The UX researcher's: 1 of 4 areas, 25.
  await grant('kiosk', { title: 'Library kiosk usability', researchAreas: ['UX', 'Libraries', 'Accessibility', 'Design'], closeDate: '2099-07-15' });
  // From another agency (the filter-only search leaves it out).
  await grant('nih', {
    title: 'Carbon monoxide poisoning',
    agency: 'National Institutes of Health',
    agencyCode: 'HHS-NIH11',
    researchAreas: ['Toxicology'],
    closeDate: '2099-08-01',
  });
});
afterAll(() => t.close());

describe('ranked by the research profile alone', () => {
  it('lists only grants sharing a profile area, scored by the share of their areas (100, 50), none at 0', async () => {
    const body = await search(ecologist, { matchProfile: 'true', pageSize: '50' });
    expect(body.results.map((r) => r.grant.id)).toEqual([ids.marine, ids.soil]);
    expect(scores(body)).toEqual({ [ids.marine!]: 100, [ids.soil!]: 50 });
    expect(body.total).toBe(2);
    expect(body.results[1]!.reasons).toContain('Matches your research areas: Carbon Cycling');
  });

  it('leaves them out in any order, not only by match', async () => {
    const body = await search(ecologist, { matchProfile: 'true', sort: 'due-date-desc', pageSize: '50' });
    expect(body.results.map((r) => r.grant.id)).toEqual([ids.soil, ids.marine]);
    expect(body.results.every((r) => r.score > 0)).toBe(true);
  });

  it('retrieves by the areas themselves when they give no word to retrieve by ("UX"): its grant on the first page, counted alone', async () => {
    // Two to a page, as for "AI": read in date order and scored, the first pages were empty under a total of every grant.
    const body = await search(uxResearcher, { matchProfile: 'true', pageSize: '2' });
    expect(body.results.map((r) => r.grant.id)).toEqual([ids.kiosk]);
    expect(scores(body)).toEqual({ [ids.kiosk!]: 25 });
    expect(body.total).toBe(1);
    const byDate = await search(uxResearcher, { matchProfile: 'true', sort: 'due-date-desc', pageSize: '2' });
    expect(byDate.results.map((r) => r.grant.id)).toEqual([ids.kiosk]);
    expect(byDate.total).toBe(1);
  });

  it('retrieves by a two-letter area that is a known acronym ("AI"): its grant on the first page, counted alone', async () => {
    // Two to a page: the two grants closing soonest (no AI among their areas) must not fill the first page.
    const body = await search(aiResearcher, { matchProfile: 'true', pageSize: '2' });
    expect(body.results.map((r) => r.grant.id)).toEqual([ids.vision]);
    expect(scores(body)).toEqual({ [ids.vision!]: 50 });
    expect(body.total).toBe(1);
  });

  it('still lists the grants a word search finds, each scored', async () => {
    // The rule is for the profile alone: with words, a grant outside the profile is a match for the words.
    const body = await search(ecologist, { q: 'urban forest carbon accounting', matchProfile: 'true', pageSize: '50' });
    expect(body.results.map((r) => r.grant.id)).toContain(ids.urban);
  });
});

describe('no words and no profile: only filters', () => {
  it('scores each grant an agency filter finds 0, not 100', async () => {
    const body = await search(plain, { agency: 'NSF', pageSize: '50' });
    expect(body.results.map((r) => r.grant.id).sort()).toEqual(
      [ids.marine, ids.soil, ids.urban, ids.school, ids.vision, ids.kiosk].sort(),
    );
    expect(body.results.map((r) => r.score)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('scores 0 with only a status filter and the profile turned off', async () => {
    const body = await search(plain, { status: 'posted', matchProfile: 'false', pageSize: '50' });
    expect(body.results).toHaveLength(7);
    expect(body.results.every((r) => r.score === 0)).toBe(true);
  });

  it('has the assistant name the best grant without a "(0/100)"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search/chat',
      payload: { message: 'NSF grants', matchProfile: false },
      headers: { cookie: plain.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { reply: string; results: Result[] };
    expect(answer.reply).toBe('I found 6 open or forecasted grants from NSF. The best match is “Marine ecology observatories”.');
    expect(answer.results.map((r) => r.score)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
