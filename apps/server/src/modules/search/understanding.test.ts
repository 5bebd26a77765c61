// Every kind of failure issue 25 names, with examples of our own, through the
// real routes on a real database: concepts that are units, modifiers, the
// catalogue's own acronyms, related words, generic words, framing words,
// relaxation, misspellings, follow-ups and over-long words; and known items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, signIn } from '../../../test/factories';
import { refreshSearchVocabulary, refreshTermStats } from '../grants/term-stats';
import { buildSearchModel } from './query-model';

let t: TestApp;
let cookie: string;
const ids: Record<string, string> = {};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const researcher = await makeUser(t.db);
  cookie = (await signIn(t.app, { email: researcher.email, password: researcher.password, role: 'researcher' })).cookie;
  const grant = async (key: string, values: Parameters<typeof makeGrant>[1]) => {
    ids[key] = (await makeGrant(t.db, { closeDate: inDays(200), ...values })).id;
  };
  // Amounts stated and not: under "over $1 million" a grant that states none is listed after those that state one.
  await grant('otterBig', { title: 'Sea otter population recovery', awardCeiling: 2_000_000 });
  await grant('otterUnstated', { title: 'Sea otter habitat monitoring', awardCeiling: null });
  await grant('otterSmall', { title: 'Sea otter tagging study', awardCeiling: 100_000 });
  // Units and modifiers.
  await grant('dlProtein', { title: 'Deep Learning Models of Protein Folding' });
  await grant('dlRadiology', { title: 'Deep Learning for Radiology Reports' });
  await grant('dlGenomics', { title: 'Applying Deep Learning in Genomics' });
  await grant('learningDesign', { title: 'Teaching and Learning Design Studios for Protein Science Classes' });
  await grant('proteinDesign', { title: 'Computational Protein Design Methods' });
  await grant('proteinDesign2', { title: 'Protein Design for Vaccine Antigens' });
  await grant('greenChemistry', { title: 'Safer Solvents through Green Chemistry' });
  await grant('greenApart', { title: 'Green Roofs and Urban Soil Chemistry Monitoring' });
  // Compounds said with and without their hyphen, and a code that looks like one.
  await grant('earlyCareer', { title: 'Early Career Awards in Marine Chemistry' });
  await grant('earlyHyphen', { title: 'Early-Career Investigators in Ocean Chemistry' });
  await grant('marineChem', { title: 'Marine Chemistry Instrument Upgrades' });
  await grant('k12Code', { title: 'Mentored Teacher Scholar Program (K12)' });
  await grant('k12Schools', { title: 'K-12 Teacher Institutes in Physics' });
  // Acronyms the catalogue defines.
  await grant('mriDefined', {
    title: 'Shared Instrument Acquisition',
    description: 'Awards from the Major Research Instrumentation (MRI) program buy shared instruments.',
  });
  await grant('mriTitled', { title: 'MRI: Acquisition of a Mass Spectrometer' });
  await grant('mriSpelled', { title: 'Major Research Instrumentation Track 2' });
  // Related words and generic words.
  await grant('renal', { title: 'Renal Failure Outcomes in Dialysis' });
  await grant('aging', { title: 'Aging Biology and Longevity' });
  await grant('pollinator', { title: 'Pollinator Habitat Restoration' });
  for (const n of [1, 2, 3, 4])
    await grant(`generic${n}`, { title: `Program Development Support Services ${['Alpha', 'Beta', 'Gamma', 'Delta'][n - 1]}` });
  // Misspellings: the catalogue's word in two grants.
  await grant('tb1', { title: 'Tuberculosis Vaccine Trials' });
  await grant('tb2', { title: 'Tuberculosis Diagnostics in Clinics' });
  // Constraints, relaxation and follow-ups.
  await grant('wetlandSoon', {
    title: 'Wetland Monitoring Small Grants',
    agency: 'Environmental Protection Agency',
    agencyCode: 'EPA',
    awardCeiling: 150_000,
    closeDate: inDays(20),
  });
  await grant('hivNsf', { title: 'HIV Prevention Science in Communities', awardCeiling: 400_000 });
  await grant('hivDod', {
    title: 'HIV Prevention among Service Members',
    agency: 'Department of Defense',
    agencyCode: 'DOD-AMRAA',
    awardCeiling: 400_000,
  });
  // A continent said as its countries.
  await grant('malariaMalawi', { title: 'Malaria Bed Net Distribution in Malawi' });
  await grant('malariaLab', { title: 'Malaria Vaccines' });
  // A follow-up that names another state.
  await grant('clinicsOregon', { title: 'Rural Dental Clinics in Oregon' });
  await grant('clinicsWashington', { title: 'Rural Dental Clinics in Washington' });
  // Known items.
  await grant('numbered', { title: 'Cardiac Imaging Consortium', opportunityNumber: 'PA-23-137' });
  await grant('listed', { title: 'Library Digitisation Partnerships', cfdaNumbers: ['45.313'] });
  await grant('titled', { title: 'Basic Research in Cancer Health Disparities (R01)' });
  await grant('cancer1', { title: 'Cancer Health Disparities Centers' });
  await grant('cancer2', { title: 'Research on Cancer Screening' });
  await grant('exactTitle', { title: 'Library Services for Rural Communities 45.313', cfdaNumbers: ['93.001'] });
  // A programme that recurs each March, closed now, and one open grant on the same topic.
  for (const [year, key] of [[2023, 'kelp2023'], [2024, 'kelp2024'], [2025, 'kelp2025']] as const)
    await grant(key, { title: `Kelp Forest Restoration Grants ${year}`, closeDate: `${year}-03-15`, postDate: `${year}-01-10` });
  await grant('kelpOpen', { title: 'Kelp Aquaculture Pilot Projects' });
  // A follow-up that names a new topic, unlike any word of the last.
  await grant('marineDebris', { title: 'Marine Debris Cleanup Partnerships', agency: 'National Oceanic and Atmospheric Administration', agencyCode: 'DOC-NOAA' });
  await grant('wildfireNoaa', { title: 'Wildfire Smoke Forecasting', agency: 'National Oceanic and Atmospheric Administration', agencyCode: 'DOC-NOAA' });
  await grant('wildfireOther', { title: 'Wildfire Recovery for Rangelands', awardCeiling: 90_000 });
  // A topic with no open grant at all, only a closed round.
  await grant('broadbandClosed', { title: 'Tribal Broadband Connectivity', closeDate: inDays(-40), postDate: inDays(-120) });
  await refreshTermStats(t.db);
  await refreshSearchVocabulary(t.db);
}, 120_000);
afterAll(() => t.close());

type Answer = {
  reply: string;
  total: number;
  results: { grant: { id: string }; score: number }[];
  filters: {
    keywordGroups: string[][];
    agency: string | null;
    amountMin: number | null;
    dueFrom: string | null;
    dueTo: string | null;
    eligibility: string[];
    statuses: string[];
  };
  context: unknown;
  corrections: { from: string; to: string }[];
  suggestion: { label: string; filters: unknown } | null;
  undo: unknown;
  sort: string | null;
  query: { sort: string } | null;
};

const search = async (q: string, extra: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/grants/search',
    query: { q, status: 'forecasted,posted,closed,archived', pageSize: '10', ...extra },
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { results: { grant: { id: string }; score: number }[]; corrections: { from: string; to: string }[] };
};
const order = async (q: string) => (await search(q)).results.map((r) => r.grant.id);
const chat = async (message: string, context: unknown = null) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/search/chat',
    payload: { message, matchProfile: false, context, pageSize: 10 },
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Answer;
};
const idsOf = (a: { results: { grant: { id: string } }[] }) => a.results.map((r) => r.grant.id);

describe('what a search understands (issue 25)', () => {
  it('scores a concept the catalogue uses as a unit as one: deep learning about proteins before teaching and learning design', async () => {
    const found = await order('deep learning for protein design');
    expect(found[0]).toBe(ids.dlProtein);
    expect(found.indexOf(ids.dlProtein!)).toBeLessThan(found.indexOf(ids.learningDesign!));
    expect(found.indexOf(ids.proteinDesign!)).toBeLessThan(found.indexOf(ids.learningDesign!));
  });

  it('lets a modifier said next to its word beat the same two words far apart', async () => {
    const found = await order('green chemistry');
    expect(found.slice(0, 2)).toEqual([ids.greenChemistry, ids.greenApart]);
  });

  it('reads a compound with or without its hyphen, never as one run-together word', async () => {
    const found = await order('early-career chemistry');
    expect(found.slice(0, 2).sort()).toEqual([ids.earlyCareer, ids.earlyHyphen].sort());
    expect(found.indexOf(ids.marineChem!)).toBeGreaterThan(1);
    expect((await order('early-career marine chemistry'))[0]).toBe(ids.earlyCareer);
    expect((await order('early career ocean chemistry'))[0]).toBe(ids.earlyHyphen);
    // "K-12" is schools, not the activity code K12.
    expect(await order('K-12 teacher')).toEqual([ids.k12Schools, ids.k12Code]);
  });

  it('knows an acronym the catalogue defines, in both directions', async () => {
    expect(await order('MRI')).toEqual(expect.arrayContaining([ids.mriDefined, ids.mriTitled, ids.mriSpelled]));
    expect(await order('major research instrumentation')).toContain(ids.mriTitled);
  });

  it('finds related words: a synonym, and for a word the catalogue lacks, one close in meaning', async () => {
    expect((await order('kidney failure'))[0]).toBe(ids.renal);
    expect(await order('ageing')).toContain(ids.aging);
  });

  it('counts a word of the query once: not also as another query word said another way', async () => {
    // "aging" is one way of saying "elderly"; asked for both, a grant that says "aging" says "aging", once.
    const alone = await buildSearchModel(t.db, [['elderly', 'care']], { neighbours: false });
    expect(alone.model.concepts.find((c) => c.word === 'elderly')!.alternatives.map((a) => a.label)).toContain('aging');
    const both = await buildSearchModel(t.db, [['elderly', 'care', 'aging']], { neighbours: false });
    expect(both.model.concepts.find((c) => c.word === 'elderly')!.alternatives.map((a) => a.label)).not.toContain('aging');
    expect(both.model.concepts.find((c) => c.word === 'aging')!.alternatives.map((a) => a.label)).toEqual(['aging']);
  });

  it('reads a continent as its countries, weighed as a place: "malaria in Africa" finds Malawi first', async () => {
    const found = await order('malaria in Africa');
    expect(found.slice(0, 2)).toEqual([ids.malariaMalawi, ids.malariaLab]);
  });

  it('lets the rare topic word outrank generic ones', async () => {
    expect((await order('program development support for pollinator habitat'))[0]).toBe(ids.pollinator);
  });

  it('corrects a misspelling to the catalogue’s word and says so', async () => {
    const found = await search('tubercolosis vaccine');
    expect(found.corrections).toEqual([{ from: 'tubercolosis', to: 'tuberculosis' }]);
    expect(found.results[0]!.grant.id).toBe(ids.tb1);
    const answer = await chat('any tubercolosis grants?');
    expect(answer.reply).toMatch(/^Showing results for “tuberculosis” \(you typed “tubercolosis”\)\. I found 2 open or forecasted grants about “tuberculosis”/);
    expect(idsOf(answer)).toEqual(expect.arrayContaining([ids.tb1, ids.tb2]));
  });

  it('puts an opportunity number typed loosely, and an Assistance Listing number, first', async () => {
    expect((await order('pa 23 137'))[0]).toBe(ids.numbered);
    expect((await order('PA-23-137'))[0]).toBe(ids.numbered);
    expect((await order('CFDA 45.313'))[0]).toBe(ids.listed);
    expect(idsOf(await chat('pa-23-137'))[0]).toBe(ids.numbered);
  });

  it('puts a title typed whole or in part first, stop words and all, and a whole title before a named listing', async () => {
    expect((await order('research in cancer'))[0]).toBe(ids.titled);
    expect((await order('Basic Research in Cancer Health Disparities (R01)'))[0]).toBe(ids.titled);
    const exact = await order('Library Services for Rural Communities 45.313');
    expect(exact.slice(0, 2)).toEqual([ids.exactTitle, ids.listed]);
  });
});

describe('closed programmes that recur', () => {
  it('are listed after the few open grants, with their usual cycle, and said by the assistant', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query: { q: 'kelp restoration' }, headers: { cookie } });
    const body = res.json() as { results: { grant: { id: string } }[]; recurring: { grant: { id: string }; cycle: string }[] };
    expect(body.results.map((r) => r.grant.id)).toContain(ids.kelpOpen);
    expect(body.results.length).toBeLessThan(10);
    expect(body.recurring.map((r) => [r.grant.id, r.cycle])).toEqual([[ids.kelp2025, 'Usually closes in March (last March 2025)']]);
    const answer = await chat('kelp restoration');
    expect(answer.reply).toMatch(/\. 1 closed programme that recurs is listed after them, with when it usually closes\.$/);
  });
});

describe('grants that state no award amount', () => {
  it('are listed after the few that state one that fits, apart, and said by the assistant', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query: { q: 'sea otter', amountMin: '1000000' }, headers: { cookie } });
    const body = res.json() as { results: { grant: { id: string } }[]; unstated: { grant: { id: string; awardCeiling: number | null } }[]; total: number };
    expect(body.results.map((r) => r.grant.id)).toEqual([ids.otterBig]);
    expect(body.total).toBe(1);
    expect(body.unstated.map((r) => [r.grant.id, r.grant.awardCeiling])).toEqual([[ids.otterUnstated, null]]);
    const answer = (await chat('sea otter grants over 1 million')) as Answer & { unstated: { grant: { id: string } }[] };
    expect(idsOf(answer)).toEqual([ids.otterBig]);
    expect(answer.unstated.map((r) => r.grant.id)).toEqual([ids.otterUnstated]);
    expect(answer.reply).toMatch(/\. 1 more that matches but does not state an award amount is listed after them\.$/);
    // Without an amount asked, nothing is listed apart; the page of a later page or another order has none either.
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query: { q: 'sea otter' }, headers: { cookie } });
    expect(plain.json().unstated).toEqual([]);
    const byDate = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query: { q: 'sea otter', amountMin: '1000000', sort: 'due-date-asc' }, headers: { cookie } });
    expect(byDate.json().unstated).toEqual([]);
  });
});

describe('what the assistant understands (issue 25)', () => {
  it('treats framing words as neither topic nor requirement', async () => {
    const answer = await chat('which programmes helping wetland monitoring have deadlines coming up, funded by EPA?');
    expect(answer.filters.keywordGroups).toEqual([['wetland', 'monitoring']]);
    expect(answer.filters.agency).toBe('EPA');
    expect(idsOf(answer)).toEqual([ids.wetlandSoon]);
  });

  it('lists in the order a question asks for, says so, and a follow-up keeps the words', async () => {
    const biggest = await chat('what are the biggest sea otter grants?');
    expect(biggest.filters.keywordGroups).toEqual([['sea', 'otter']]);
    expect(biggest.sort).toBe('amount-desc');
    expect(idsOf(biggest)).toEqual([ids.otterBig, ids.otterSmall, ids.otterUnstated]);
    expect(biggest.query?.sort).toBe('amount-desc');
    expect(biggest.reply).toContain('Listed largest award first: “Sea otter population recovery” (up to $2,000,000).');
    const soonest = await chat('which close soonest', biggest.context);
    expect(soonest.sort).toBe('due-date-asc');
    expect(soonest.filters.keywordGroups).toEqual([['sea', 'otter']]);
    expect(soonest.reply).toMatch(/Listed by deadline, soonest first: “Sea otter .+” \(closes .+\)\./);
    // When the first states no amount, none does: said so, not "largest first".
    const unstated = await chat('tuberculosis, biggest first');
    expect(unstated.sort).toBe('amount-desc');
    expect(unstated.reply).toContain('None of these states an award amount to order them by.');
    // A message that names no order leaves the request's order, and says none.
    const plain = await chat('sea otter');
    expect(plain.sort).toBeNull();
    expect(plain.reply).not.toContain('Listed');
  });

  it('relaxes an empty question in the stated order and says what it relaxed', async () => {
    const answer = await chat('EPA wetland grants under 200k closing in the next 7 days');
    expect(answer.reply).toMatch(
      /^No open or forecasted grants about “wetland”, from EPA, with awards up to \$199,999 that close between .+; here is 1 that close between .+\. The best match is “Wetland Monitoring Small Grants”/,
    );
    expect(idsOf(answer)).toEqual([ids.wetlandSoon]);
    // What it shows is what the next message refines.
    expect(answer.context).toEqual(answer.filters);
  });

  it('shows the closed rounds that fit, said as such, when nothing open does even loosely', async () => {
    const answer = await chat('broadband for tribes closing next month');
    expect(answer.reply).toMatch(
      /^No open or forecasted grants about “broadband”, open to tribes that close between .+; here is 1 from earlier rounds, now closed \(to plan for the next\)\. The best match is “Tribal Broadband Connectivity”/,
    );
    expect(idsOf(answer)).toEqual([ids.broadbandClosed]);
    expect(answer.filters).toMatchObject({ dueFrom: null, dueTo: null, statuses: ['closed', 'archived'] });
  });

  it('excludes an agency in every phrasing', async () => {
    const first = await chat('hiv prevention');
    expect(idsOf(first)).toEqual(expect.arrayContaining([ids.hivNsf, ids.hivDod]));
    for (const phrase of ['not the DOD ones', 'exclude Department of Defense', 'without DOD']) {
      const narrowed = await chat(phrase, first.context);
      expect(idsOf(narrowed)).toContain(ids.hivNsf);
      expect(idsOf(narrowed)).not.toContain(ids.hivDod);
      expect(narrowed.reply).toContain('not from DOD');
      expect(narrowed.filters.keywordGroups.flat()).not.toContain('exclude');
    }
  });

  it('drops a constraint when a follow-up says so, in any phrasing, and says so', async () => {
    const nsf = await chat('hiv prevention, NSF only, under 500k');
    expect(idsOf(nsf)).toEqual([ids.hivNsf]);
    const anyAgency = await chat('any agency', nsf.context);
    expect(anyAgency.filters.agency).toBeNull();
    expect(idsOf(anyAgency)).toEqual(expect.arrayContaining([ids.hivNsf, ids.hivDod]));
    expect(anyAgency.reply).toMatch(/^With any agency: I found 2 /);
    // "drop the amount" drops the amount: it is not a word to leave out.
    const noAmount = await chat('drop the amount', anyAgency.context);
    expect(noAmount.filters).toMatchObject({ amountMin: null, amountMax: null, keywordGroups: [['hiv', 'prevention']] });
    expect(noAmount.reply).toMatch(/^With any amount: /);
    const dated = await chat('closing in the next 60 days', noAmount.context);
    expect(dated.filters.dueTo).not.toBeNull();
    const undated = await chat('never mind the deadline', dated.context);
    expect(undated.filters).toMatchObject({ dueFrom: null, dueTo: null });
    expect(idsOf(undated)).toEqual(expect.arrayContaining([ids.hivNsf, ids.hivDod]));
    // Who may apply, said as words or as the filter, goes with "any applicant".
    const tribes = await chat('for tribes', undated.context);
    expect(tribes.filters.keywordGroups.flat()).toContain('@tribes');
    const anyone = await chat('actually, any applicant', tribes.context);
    expect(anyone.filters.keywordGroups).toEqual([['hiv', 'prevention']]);
    expect(anyone.filters.eligibility).toEqual([]);
  });

  it('puts a word in place of its counterpart when a follow-up asks "what about …"', async () => {
    const oregon = await chat('rural dental clinics in Oregon');
    expect(idsOf(oregon)[0]).toBe(ids.clinicsOregon);
    const washington = await chat('what about Washington?', oregon.context);
    expect(washington.filters.keywordGroups).toEqual([['rural', 'dental', 'clinics', 'washington']]);
    expect(idsOf(washington)[0]).toBe(ids.clinicsWashington);
    expect(washington.reply).toMatch(/^Instead of “oregon”: I found \d+ open or forecasted grants? about “rural”, “dental”, “clinics”, “washington”\./);
    // Said without "what about", the same word narrows.
    const both = await chat('washington', oregon.context);
    expect(both.filters.keywordGroups).toEqual([['rural', 'dental', 'clinics', 'oregon'], ['washington']]);    // A topic word taken back is no longer asked for (not left out), and the reply says so.
    const anywhere = await chat('forget the rural part', oregon.context);
    expect(anywhere.filters.keywordGroups).toEqual([['dental', 'clinics', 'oregon']]);
    expect(anywhere.reply).toMatch(/^Without “rural”: I found /);
    expect(idsOf(anywhere)[0]).toBe(ids.clinicsOregon);
    // "no, for …" puts who may apply in place of who might.
    const tribes = await chat('only for tribes', oregon.context);
    const states = await chat('no, for state governments', tribes.context);
    expect(states.filters.keywordGroups.flat()).toEqual(expect.arrayContaining(['@state-governments']));
    expect(states.filters.keywordGroups.flat()).not.toContain('@tribes');
    expect(states.reply).toMatch(/^Instead of “tribes”: /);
  });

  it('reads "what about …" with nothing like it in the last topic as a new topic when adding it leaves nothing', async () => {
    const debris = await chat('marine debris cleanup from NOAA');
    expect(idsOf(debris)).toEqual([ids.marineDebris]);
    const wildfire = await chat('what about wildfire?', debris.context);
    expect(wildfire.filters).toMatchObject({ keywordGroups: [['wildfire']], agency: 'NOAA' });
    expect(idsOf(wildfire)).toEqual([ids.wildfireNoaa]);
    expect(wildfire.reply).toMatch(/^Instead of “marine”, “debris”, “cleanup”: I found 1 open or forecasted grant about “wildfire”, from NOAA\./);
    // Said without "what about", the same word narrows, and nothing is left.
    const both = await chat('wildfire', debris.context);
    expect(both.total).toBe(0);
  });

  it('names the change that emptied a list and offers to drop it in one click', async () => {
    const first = await chat('hiv prevention');
    const both = await chat('from NASA over 300k', first.context);
    expect(both.total).toBe(0);
    expect(both.reply).toMatch(/Nothing is left after that change \(from NASA\)\. The search before it found 2 .+ or drop “from NASA” and keep the rest\./);
    expect(both.suggestion?.label).toBe('Drop “from NASA”');
    expect(both.undo).toEqual(first.context);
    // The next message refines the last reading that found something.
    expect(both.context).toEqual(first.context);
    const dropped = await chat('over 300k', both.suggestion!.filters);
    expect(idsOf(dropped)).toEqual(expect.arrayContaining([ids.hivNsf, ids.hivDod]));
  });

  it('keeps the topic when a follow-up comes after a question it had to relax', async () => {
    const first = await chat('wetland grants closing in the next 5 days');
    expect(idsOf(first)).toEqual([ids.wetlandSoon]);
    const next = await chat('only over 100k', first.context);
    expect(next.filters.keywordGroups).toEqual([['wetland']]);
    expect(idsOf(next)).toEqual([ids.wetlandSoon]);
  });

  it('answers a message with a word of any length, or a pasted address', async () => {
    const long = await chat(`${'x'.repeat(61)} grants`);
    expect(long.reply).toMatch(/^Tell me what you are looking for/);
    const pasted = await chat('https://doi.org/10.1000/xyz123-some-very-long-identifier-that-goes-on-and-on-and-on-forever wetland');
    expect(idsOf(pasted)).toContain(ids.wetlandSoon);
    const huge = await chat('wetland '.repeat(300));
    expect(idsOf(huge)).toContain(ids.wetlandSoon);
  });
});
