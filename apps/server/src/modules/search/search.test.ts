import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, setResearchAreas, signIn } from '../../../test/factories';

let t: TestApp;
let researcher: Awaited<ReturnType<typeof makeUser>>;
let cookie: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  researcher = await makeUser(t.db);
  await setResearchAreas(t.db, researcher.user.id, ['Carbon Cycling', 'Forest Ecology']);
  cookie = (
    await signIn(t.app, {
      email: researcher.email,
      password: researcher.password,
      role: 'researcher',
    })
  ).cookie;
  ids.soil = (
    await makeGrant(t.db, {
      title: 'Soil carbon dynamics in temperate forests',
      description: 'Field studies of soil organic carbon under changing climate.',
      researchAreas: ['Carbon Cycling', 'Forest Ecology', 'Climate Change'],
      awardCeiling: 750_000,
      closeDate: '2099-03-01',
    })
  ).id;
  ids.cancer = (
    await makeGrant(t.db, {
      title: 'Cancer immunotherapy clinical trials',
      agency: 'National Institutes of Health',
      agencyCode: 'HHS-NIH11',
      description: 'Trials of immune checkpoint therapies.',
      researchAreas: ['Immunology', 'Cancer Biology'],
      awardCeiling: 2_500_000,
      closeDate: '2099-06-01',
    })
  ).id;
  ids.water = (
    await makeGrant(t.db, {
      title: 'Watershed management for rural water supply',
      description: 'Community watershed restoration and carbon credits.',
      researchAreas: ['Watershed Management', 'Water Cycle'],
      awardCeiling: 200_000,
      closeDate: '2099-01-15',
    })
  ).id;
  ids.closed = (
    await makeGrant(t.db, {
      title: 'Closed soil carbon call',
      closeDate: '2001-01-01',
      awardCeiling: 900_000,
    })
  ).id;
  ids.forecast = (
    await makeGrant(t.db, {
      title: 'Forecast: forest carbon monitoring',
      recordKind: 'forecast',
      status: 'forecasted',
      closeDate: '2099-09-01',
    })
  ).id;
});
afterAll(() => t.close());

const chat = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/search/chat', payload, headers: { cookie } });

const search = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query, headers: { cookie } });

describe('GET /api/v1/grants/search', () => {
  it('ranks the grant whose title matches first, with a 0-100 score and reasons', async () => {
    const res = await search({ q: 'soil carbon forests' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results[0].grant.id).toBe(ids.soil);
    expect(body.results[0].score).toBeGreaterThan(body.results.at(-1).score - 1);
    expect(body.results[0].score).toBeLessThanOrEqual(100);
    expect(body.results[0].reasons.join(' ')).toMatch(/Title mentions/);
    expect(body.results.map((r: { grant: { id: string } }) => r.grant.id)).not.toContain(
      ids.closed,
    );
    expect(body.results[0].grant).toMatchObject({
      opportunityNumber: expect.any(String),
      awardCeiling: 750000,
      closeDate: '2099-03-01',
    });
  });

  it('includes closed grants only when asked', async () => {
    const res = await search({ q: 'soil carbon', status: 'closed' });
    expect(res.json().results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual([
      ids.closed,
    ]);
    expect(res.json().results[0].grant.status).toBe('closed');
  });

  it('reads status words in q when no status is given; a given status wins', async () => {
    const idsOf = (res: { json: () => { results: { grant: { id: string } }[] } }) =>
      res.json().results.map((r) => r.grant.id);
    expect(idsOf(await search({ q: 'closed soil carbon grants' }))).toEqual([ids.closed]);
    expect(idsOf(await search({ q: 'forecasted carbon' }))).toEqual([ids.forecast]);
    const given = idsOf(await search({ q: 'closed soil carbon', status: 'posted' }));
    expect(given).toContain(ids.soil);
    expect(given).not.toContain(ids.closed);
  });

  it('folds versions of one call (same agency and title, another year) into one result', async () => {
    const v23 = await makeGrant(t.db, {
      title: 'FY 2023 Kelp forest restoration',
      postDate: '2023-01-10',
      closeDate: '2098-01-01',
    });
    const v24 = await makeGrant(t.db, {
      title: 'FY 2024 Kelp forest restoration',
      postDate: '2024-01-10',
      closeDate: '2098-01-01',
    });
    const other = await makeGrant(t.db, {
      title: 'Kelp forest restoration',
      agency: 'Smithsonian Institution',
      agencyCode: 'SI',
      closeDate: '2098-01-01',
    });
    const body = (await search({ q: 'kelp forest restoration' })).json();
    const kelp = body.results.filter((r: { grant: { title: string } }) =>
      /Kelp/.test(r.grant.title),
    );
    expect(kelp.map((r: { grant: { id: string } }) => r.grant.id).sort()).toEqual(
      [
        other.id,
        kelp.find((r: { otherVersions: number }) => r.otherVersions === 1).grant.id,
      ].sort(),
    );
    const folded = kelp.find((r: { otherVersions: number }) => r.otherVersions === 1);
    // Shown by its newest version.
    expect(folded.grant.id).toBe(v24.id);
    expect(folded.otherVersionsEarlier).toBe(true);
    expect(v23.id).not.toBe(v24.id);
    // The total is what paging reaches, and folded versions are not "more".
    expect(body.total).toBe(body.results.length);
    expect(body.totalCapped).toBe(false);
    // Another order shows the same folded list.
    const byDue = (await search({ q: 'kelp forest restoration', sort: 'due-date-asc' })).json();
    expect(byDue.total).toBe(body.total);
    expect(byDue.results.map((r: { grant: { id: string } }) => r.grant.id).sort()).toEqual(
      body.results.map((r: { grant: { id: string } }) => r.grant.id).sort(),
    );
  });

  it('filters by who may apply, funding instrument, category and text within the results', async () => {
    const coop = await makeGrant(t.db, {
      title: 'Seagrass mapping cooperative',
      instrumentCodes: ['CA'],
      categoryCodes: ['ENV'],
      eligibilityCodes: ['12'],
      closeDate: '2097-01-01',
    });
    const grant = await makeGrant(t.db, {
      title: 'Seagrass mapping grants',
      instrumentCodes: ['G'],
      categoryCodes: ['ST'],
      eligibilityCodes: ['06'],
      closeDate: '2097-01-01',
    });
    const idsOf = async (query: Record<string, string>) => {
      const res = await search({ q: 'seagrass', ...query });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(body.results.length);
      return body.results.map((r: { grant: { id: string } }) => r.grant.id);
    };
    expect((await idsOf({})).sort()).toEqual([coop.id, grant.id].sort());
    expect(await idsOf({ instrument: 'CA' })).toEqual([coop.id]);
    expect(await idsOf({ category: 'ST,HL' })).toEqual([grant.id]);
    expect(await idsOf({ eligibility: 'universities' })).toEqual([grant.id]);
    expect(await idsOf({ within: 'Cooperative' })).toEqual([coop.id]);
    expect(await idsOf({ within: '100%_' })).toEqual([]);
    const bad = await search({ q: 'seagrass', instrument: 'XX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it('leaves the profile out of the order, and says so, when the topic shares no area with it', async () => {
    const off = (await search({ q: 'cancer immunotherapy', matchProfile: 'true' })).json();
    expect(off.profileIgnored).toBe(true);
    expect(off.results[0].grant.id).toBe(ids.cancer);
    const plain = (await search({ q: 'cancer immunotherapy', matchProfile: 'false' })).json();
    expect(off.results[0].score).toBe(plain.results[0].score);
    const on = (await search({ q: 'soil carbon', matchProfile: 'true' })).json();
    expect(on.profileIgnored).toBe(false);
    expect(on.results[0].reasons.join(' ')).toMatch(/Matches your research areas/);
    const reply = (await chat({ message: 'cancer immunotherapy', matchProfile: true })).json();
    expect(reply.profileIgnored).toBe(true);
    expect(reply.reply).not.toMatch(/ranked by the research profile/);
    expect(reply.reply).toMatch(
      /The research profile \(Carbon Cycling, Forest Ecology\) shares no area with these grants/,
    );
  });

  it('reads "clinical trials not allowed" as leaving out the calls that require one', async () => {
    const required = await makeGrant(t.db, {
      title: 'Glioma immunotherapy (R01 Clinical Trial Required)',
      closeDate: '2097-02-01',
    });
    const notAllowed = await makeGrant(t.db, {
      title: 'Glioma immunotherapy (R21 Clinical Trial Not Allowed)',
      closeDate: '2097-02-01',
    });
    const ids = async (q: string) =>
      (await search({ q })).json().results.map((r: { grant: { id: string } }) => r.grant.id);
    const notRequired = await ids('glioma immunotherapy clinical trials not allowed');
    expect(notRequired[0]).toBe(notAllowed.id);
    expect(notRequired).not.toContain(required.id);
    const needsOne = await ids('glioma immunotherapy clinical trial required');
    expect(needsOne[0]).toBe(required.id);
    expect(needsOne).not.toContain(notAllowed.id);
  });

  it('applies amount, agency and due filters on the server', async () => {
    const over = await search({ q: 'carbon', amountMin: '500000' });
    expect(over.json().results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual([
      ids.soil,
    ]);
    const nih = await search({ agency: 'NIH' });
    expect(nih.json().results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual([
      ids.cancer,
    ]);
    const due = await search({ dueFrom: '2099-01-01', dueTo: '2099-02-01' });
    expect(due.json().results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual([
      ids.water,
    ]);
  });

  it('takes several agencies ("NIH or NSF"): a grant of any of them, and says so', async () => {
    const nsf = await makeGrant(t.db, {
      title: 'Bioinformatics tools for genomes',
      agency: 'National Science Foundation',
      agencyCode: 'NSF',
      closeDate: '2099-04-04',
    });
    const doe = await makeGrant(t.db, { title: 'Bioinformatics for bioenergy', agency: 'Department of Energy', agencyCode: 'DOE', closeDate: '2099-04-05' });
    const nihNew = await makeGrant(t.db, { title: 'Bioinformatics of cancer genomes', agency: 'National Institutes of Health', agencyCode: 'HHS-NIH11', closeDate: '2099-04-06' });
    try {
      // (The factory's grants are NSF's unless they say otherwise.)
      type Found = { grant: { id: string; agencyCode: string | null } };
      const both = (await search({ agency: 'NIH,NSF', pageSize: '50' })).json().results as Found[];
      expect(both.map((r) => r.grant.id)).toEqual(expect.arrayContaining([ids.cancer, nsf.id, nihNew.id]));
      expect(new Set(both.map((r) => r.grant.agencyCode))).toEqual(new Set(['NSF', 'HHS-NIH11']));
      expect(both.map((r) => r.grant.id)).not.toContain(doe.id);
      const nihOnly = (await search({ agency: 'NIH', pageSize: '50' })).json().results as Found[];
      expect(nihOnly.map((r) => r.grant.id).sort()).toEqual([ids.cancer, nihNew.id].sort());
      // Typed in a question, both are read, in the order said, and the answer names them.
      const reply = (await chat({ message: 'NIH or NSF funding for bioinformatics', matchProfile: false, reset: true })).json();
      expect(reply.filters.agency).toBe('NIH,NSF');
      expect((reply.results as Found[]).map((r) => r.grant.id).sort()).toEqual([nsf.id, nihNew.id].sort());
      expect(reply.reply).toContain('from NIH or NSF');
    } finally {
      await t.db.execute(sql`delete from grants where id in (${nsf.id}, ${doe.id}, ${nihNew.id})`);
    }
  });

  it('finds an agency by name when a record has no agency code', async () => {
    const noCode = await makeGrant(t.db, {
      title: 'Older NIH record without a code',
      agency: 'National Institutes of Health',
      agencyCode: null,
      closeDate: '2099-02-02',
    });
    const nih = await search({ agency: 'NIH' });
    expect(
      nih
        .json()
        .results.map((r: { grant: { id: string } }) => r.grant.id)
        .sort(),
    ).toEqual([ids.cancer, noCode.id].sort());
    await t.db.execute(sql`delete from grants where id = ${noCode.id}`);
  });

  it('narrows by follow-up groups as the assistant does, and pages them', async () => {
    const ids_ = (res: { json: () => { results: { grant: { id: string } }[] } }) =>
      res.json().results.map((r) => r.grant.id);
    const broad = await search({ q: 'carbon' });
    expect(ids_(broad).sort()).toEqual([ids.soil, ids.water, ids.forecast].sort());
    const narrowed = await search({ q: 'carbon', refine: 'watershed' });
    expect(narrowed.statusCode).toBe(200);
    expect(ids_(narrowed)).toEqual([ids.water]);
    // Any word of a group may match; every group must.
    const either = await search({ q: 'carbon', refine: 'watershed forest, monitoring' });
    expect(ids_(either)).toEqual([ids.forecast]);
    const paged = await search({
      q: 'carbon',
      refine: 'watershed forest',
      pageSize: '1',
      page: '2',
      sort: 'due-date-asc',
    });
    expect(paged.json()).toMatchObject({ total: 3, page: 2 });
    expect(ids_(paged)).toEqual([ids.soil]);
    // The chat's answer for the same follow-up is the same set.
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search/chat',
      payload: { message: 'carbon', matchProfile: false },
      headers: { cookie },
    });
    const chatNarrowed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search/chat',
      payload: { message: 'watershed', matchProfile: false, context: first.json().context },
      headers: { cookie },
    });
    expect(chatNarrowed.json().results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual(
      ids_(narrowed),
    );
    const tooMany = await search({ q: 'carbon', refine: 'a,b,c,d,e,f,g,h,i,j' });
    expect(tooMany.statusCode).toBe(400);
  });

  it('understands amounts and agencies written in the query', async () => {
    const res = await search({ q: 'NIH immunotherapy over 1m' });
    expect(res.json().results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual([
      ids.cancer,
    ]);
  });

  it('sorts by amount and due date', async () => {
    const byAmount = await search({ sort: 'amount-desc' });
    const amounts = byAmount
      .json()
      .results.map((r: { grant: { awardCeiling: number } }) => r.grant.awardCeiling);
    expect(amounts).toEqual([...amounts].sort((a: number, b: number) => b - a));
    const byDue = await search({ sort: 'due-date-asc' });
    const dates = byDue
      .json()
      .results.map((r: { grant: { closeDate: string } }) => r.grant.closeDate);
    expect(dates).toEqual([...dates].sort());
  });

  it('orders open grants by due date: upcoming, then undated; a forecast past its estimated date is closed', async () => {
    const undated = await makeGrant(t.db, { title: 'Rolling deadline program', closeDate: null });
    const staleForecast = await makeGrant(t.db, {
      title: 'Forecast with a past estimate',
      recordKind: 'forecast',
      status: 'forecasted',
      closeDate: '2001-05-05',
    });
    const res = await search({ sort: 'due-date-asc', pageSize: '100' });
    const got = res.json().results.map((r: { grant: { id: string } }) => r.grant.id);
    const dates = res
      .json()
      .results.map((r: { grant: { closeDate: string | null } }) => r.grant.closeDate);
    expect(dates.filter(Boolean)).toEqual([...dates.filter(Boolean)].sort());
    expect(got.at(-1)).toBe(undated.id);
    expect(got).not.toContain(ids.closed);
    expect(got).not.toContain(staleForecast.id);
    const closed = await search({ status: 'closed', pageSize: '100' });
    const closedResults = closed.json().results as { grant: { id: string; status: string } }[];
    expect(closedResults.find((r) => r.grant.id === staleForecast.id)?.grant.status).toBe('closed');
    const page2 = await search({ sort: 'due-date-asc', pageSize: '2', page: '2' });
    expect(page2.json().results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual(
      got.slice(2, 4),
    );
    await t.db.execute(sql`delete from grants where id in (${undated.id}, ${staleForecast.id})`);
  });

  it('ranks by the research profile', async () => {
    const res = await search({ matchProfile: 'true' });
    const top = res.json().results[0];
    expect(top.grant.id).toBe(ids.soil);
    expect(top.score).toBe(67);
    expect(top.reasons.join(' ')).toContain(
      'Matches your research areas: Carbon Cycling, Forest Ecology',
    );
  });

  it('rejects bad parameters with validation_failed', async () => {
    const bad: Record<string, string>[] = [
      { amountMin: 'lots' },
      { status: 'open,whatever' },
      { sort: 'random' },
      { dueFrom: '2027-13-45x' },
      { dueFrom: '2026-13-45' },
      { dueTo: '2027-02-30' },
      { amountMin: '10', amountMax: '5' },
      { pageSize: '1000' },
      { researcherId: 'not-a-uuid' },
    ];
    for (const query of bad) {
      const res = await search(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it("refuses to rank by another institution's researcher", async () => {
    const other = await makeUser(t.db);
    const res = await search({ matchProfile: 'true', researcherId: other.user.id });
    expect(res.statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search' });
    expect(res.statusCode).toBe(401);
  });

  // Last in this block: its grants would otherwise join the results the tests above expect.
  it('scores closeness in meaning: of two grants that mention the words, the one about them ranks first', async () => {
    const about = await makeGrant(t.db, {
      title: 'Opioid addiction treatment and recovery services',
      description:
        'Medication-assisted treatment, overdose prevention and recovery support for people with opioid use disorder.',
    });
    const passing = await makeGrant(t.db, {
      title: 'Rural highway bridge inspection',
      description:
        'Bridge inspection crews; a note on opioid addiction treatment in workplace safety training.',
    });
    const res = await search({ q: 'opioid addiction treatment' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().results.map((r: { grant: { id: string } }) => r.grant.id);
    expect(ids.indexOf(about.id)).toBeLessThan(ids.indexOf(passing.id));
    const top = res.json().results.find((r: { grant: { id: string } }) => r.grant.id === about.id);
    expect(top.reasons.join(' ')).toMatch(/Close in meaning to your search \(\d+%\)/);
  });
});

describe('POST /api/v1/search/chat', () => {
  it('answers with results, the understood filters and a context to refine', async () => {
    const first = await chat({ message: 'carbon grants', matchProfile: false });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(3);
    expect(body.filters.keywords).toEqual(['carbon']);
    expect(body.reply).toMatch(/I found 3/);

    const refined = await chat({
      message: 'over 500k',
      matchProfile: false,
      context: body.context,
    });
    expect(refined.json().results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual([
      ids.soil,
    ]);
    expect(refined.json().filters).toMatchObject({ keywords: ['carbon'], amountMin: 500_001 });

    const narrower = await chat({
      message: 'watershed',
      matchProfile: false,
      context: body.context,
    });
    expect(narrower.json().results.map((r: { grant: { id: string } }) => r.grant.id)).toEqual([
      ids.water,
    ]);
  });

  it('carries the results page of the search the URL will hold: what GET /grants/search answers for the query it names', async () => {
    const page = (body: Record<string, unknown>) => ({
      results: body.results,
      total: body.total,
      totalCapped: body.totalCapped,
      profileIgnored: body.profileIgnored,
      page: body.page,
      pageSize: body.pageSize,
      corrections: body.corrections,
      recurring: body.recurring,
      unstated: body.unstated,
      // The answer's search is the one the URL holds, never loosened by the box.
      relaxed: null,
    });
    const getFor = async (query: Record<string, string | number>) => {
      const url = `/api/v1/grants/search?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const first = await chat({
      message: 'carbon grants',
      matchProfile: true,
      sort: 'match',
      pageSize: 2,
    });
    const firstBody = first.json();
    expect(firstBody.query).toEqual({
      q: 'carbon',
      sort: 'match',
      matchProfile: 'true',
      page: 1,
      pageSize: 2,
    });
    expect(firstBody.results).toHaveLength(2);
    expect(page(firstBody)).toEqual(await getFor(firstBody.query));

    // A follow-up in another order: the page in that order, the reply still naming the best match.
    const narrowed = await chat({
      message: 'watershed forest',
      matchProfile: true,
      context: firstBody.context,
      sort: 'due-date-asc',
      pageSize: 20,
    });
    const body = narrowed.json();
    expect(body.query).toEqual({
      q: 'carbon',
      refine: 'watershed forest',
      sort: 'due-date-asc',
      matchProfile: 'true',
      page: 1,
      pageSize: 20,
    });
    expect(page(body)).toEqual(await getFor(body.query));
    const byMatch = await getFor({ ...body.query, sort: 'match' });
    expect(body.reply).toContain(
      `The best match is “${byMatch.results[0].grant.title}” (${byMatch.results[0].score}/100)`,
    );
    expect(body.results.map((r: { grant: { closeDate: string } }) => r.grant.closeDate)).toEqual(
      body.results.map((r: { grant: { closeDate: string } }) => r.grant.closeDate).sort(),
    );
  });

  it('names no query when the URL would read the search differently, or GET would refuse it', async () => {
    // "match, profile" is two words here, but "match profile" in the URL asks for the profile.
    const words = await chat({
      message: 'carbon, match, profile',
      matchProfile: false,
      pageSize: 20,
    });
    expect(words.json()).toMatchObject({
      filters: { keywords: ['carbon', 'match', 'profile'] },
      query: null,
    });
    // A range the wrong way round finds nothing: the assistant drops it, says so, and names the URL of what it shows.
    const range = await chat({
      message: 'carbon over 1m under 10k',
      matchProfile: false,
      pageSize: 20,
    });
    expect(range.json()).toMatchObject({
      filters: { amountMin: null, amountMax: null },
      query: { q: 'carbon' },
      total: 3,
    });
    expect(range.json().reply).toMatch(/with awards between \$1,000,001 and \$9,999; here are 3 of any amount\./);
  });

  it('follows status words; a follow-up that leaves nothing names the change and offers the search before it', async () => {
    const idsOf = (body: { results: { grant: { id: string } }[] }) =>
      body.results.map((r) => r.grant.id);
    const first = (await chat({ message: 'carbon grants', matchProfile: false })).json();
    expect(idsOf(first)).toContain(ids.forecast);
    const posted = (
      await chat({ message: 'no forecasted', matchProfile: false, context: first.context })
    ).json();
    expect(posted.filters.statuses).toEqual(['posted']);
    expect(posted.query).toMatchObject({ q: 'carbon', status: 'posted' });
    expect(idsOf(posted)).not.toContain(ids.forecast);
    expect(posted.reply).toMatch(/^Narrowed down: I found 2 open grants/);

    const past = (
      await chat({ message: 'only the closed ones', matchProfile: false, context: first.context })
    ).json();
    expect(idsOf(past)).toEqual([ids.closed]);
    expect(past.reply).toMatch(/I found 1 closed or archived grant /);

    const nothing = (
      await chat({ message: 'drop the soil ones', matchProfile: false, context: past.context })
    ).json();
    expect(nothing.total).toBe(0);
    expect(nothing.reply).toBe(
      "I couldn't find any grants matching your criteria. Try broadening your search or using different keywords. Nothing is left after that change (not mentioning “soil”). The search before it found 1 closed or archived grant: choose Undo to go back to it.",
    );
    expect(nothing.undo).toEqual(past.context);
    expect(past.undo).toBeNull();
  });

  it("keeps the Filters menu's instrument, category and who may apply through a follow-up", async () => {
    const context = {
      keywords: ['seagrass'],
      keywordGroups: [['seagrass']],
      amountMin: null,
      amountMax: null,
      dueFrom: null,
      dueTo: null,
      agency: null,
      matchProfile: false,
      statuses: ['forecasted', 'posted'],
      instruments: ['CA'],
      categories: ['ENV'],
      eligibility: ['nonprofits'],
    };
    const body = (await chat({ message: 'mapping', matchProfile: false, context })).json();
    expect(body.results.map((r: { grant: { title: string } }) => r.grant.title)).toEqual([
      'Seagrass mapping cooperative',
    ]);
    expect(body.filters).toMatchObject({
      instruments: ['CA'],
      categories: ['ENV'],
      eligibility: ['nonprofits'],
    });
    expect(body.query).toMatchObject({
      q: 'seagrass',
      refine: 'mapping',
      instrument: 'CA',
      category: 'ENV',
      eligibility: 'nonprofits',
    });
  });

  it("gives the seed's reply when nothing matches", async () => {
    const res = await chat({ message: 'quantum basket weaving', matchProfile: false });
    expect(res.json()).toMatchObject({
      reply:
        "I couldn't find any grants matching your criteria. Try broadening your search or using different keywords.",
      results: [],
    });
  });

  it('limits each user, not the address they share with colleagues', async () => {
    const heavy = await makeUser(t.db);
    const heavyCookie = (
      await signIn(t.app, { email: heavy.email, password: heavy.password, role: 'researcher' })
    ).cookie;
    const reset = (who: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/search/chat',
        payload: { message: '', reset: true, matchProfile: false },
        headers: { cookie: who },
      });
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await reset(heavyCookie)).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(60);
    expect(codes.at(-1)).toBe(429);
    // Same address (inject's 127.0.0.1), another user: not limited.
    expect((await reset(cookie)).statusCode).toBe(200);
  });

  it('starts over on reset', async () => {
    const res = await chat({ message: '', reset: true, matchProfile: true });
    expect(res.json()).toMatchObject({ results: [], context: null });
  });
});
