// Ranking through the real route: a query's specific word outweighs its common
// one once the catalogue has word statistics (docs/decisions/022-term-rarity.md);
// equally relevant grants come open first, then the better informed; amounts
// under $10 are not stated.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, signIn } from '../../../test/factories';
import { backfillAgencyKeys } from '../grants/import/agency-backfill';
import { refreshTermStats } from '../grants/term-stats';
import { specificWord } from './row-scoring';

let t: TestApp;
let cookie: string;
let pollinatorId: string;

beforeAll(async () => {
  t = await createTestApp();
  const researcher = await makeUser(t.db);
  cookie = (
    await signIn(t.app, {
      email: researcher.email,
      password: researcher.password,
      role: 'researcher',
    })
  ).cookie;
  pollinatorId = (
    await makeGrant(t.db, {
      title: 'Pollinator habitat on working farms',
      description: null,
      closeDate: '2099-03-01',
    })
  ).id;
  for (const topic of [
    'Community',
    'Rural',
    'Maternal',
    'Oral',
    'Mental',
    'Public',
    'Global',
    'Environmental',
  ]) {
    await makeGrant(t.db, {
      title: `${topic} health services`,
      description: `${topic} health care delivery and health outcomes.`,
      closeDate: '2099-03-01',
    });
  }
  await makeGrant(t.db, { title: 'Tribal health services', description: 'Tribal health care delivery.', closeDate: '2020-03-01' });
});
afterAll(() => t.close());

type Result = { grant: { id: string; title: string; awardCeiling: number | null } };
const searchFor = async (query: Record<string, string>) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/grants/search',
    query,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: Result[] }).results;
};
const topIds = async () =>
  (await searchFor({ q: 'pollinator health', pageSize: '5' })).map((r) => r.grant.id);

describe('rarer words count more', () => {
  it('ranks the one pollinator grant first for "pollinator health" once the statistics exist', async () => {
    // Without statistics every word weighs the same, and the health grants, which say
    // "health" in two fields, come before the one that says "pollinator" in its title.
    expect((await topIds())[0]).not.toBe(pollinatorId);
    await refreshTermStats(t.db);
    expect((await topIds())[0]).toBe(pollinatorId);
  });

  it('does not retrieve by a word most grants say: "pollinator health" finds the pollinator grant alone', async () => {
    await refreshTermStats(t.db);
    // "health" is in most of this catalogue's grants: it ranks, but retrieves nothing by itself.
    const results = (await searchFor({ q: 'pollinator health', pageSize: '20' })) as (Result & {
      related: boolean;
    })[];
    expect(results.map((r) => r.grant.id)).toEqual([pollinatorId]);
    expect(results[0]!.related).toBe(false);
    // Alone, such a word finds the grants that say it in their titles.
    const plain = (await searchFor({ q: 'health', pageSize: '20' })) as (Result & {
      related: boolean;
    })[];
    expect(plain.length).toBe(8);
    expect(plain.every((r) => r.grant.title.includes('health') && !r.related)).toBe(true);
    // When no grant says the specific word, the assistant says so and answers without it (issue 25, item 7).
    const answer = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/search/chat',
        payload: { message: 'bumblebee health', matchProfile: false },
        headers: { cookie },
      })
    ).json();
    expect(answer.reply).toMatch(/^No open or forecasted grants about “health” that say “bumblebee”; here are 8 without that word\./);
    expect(answer.total).toBe(8);
    expect(answer.filters.keywordGroups).toEqual([['health']]);
  });

  it('when the telling word finds nothing among the statuses asked, the common words retrieve too, marked related', async () => {
    await refreshTermStats(t.db);
    // "pollinator" is in the catalogue, but in no closed grant: the closed health grant is listed, not nothing.
    const closed = (await searchFor({ q: 'pollinator health', status: 'closed' })) as (Result & { related: boolean })[];
    expect(closed.map((r) => r.grant.title)).toEqual(['Tribal health services']);
    expect(closed[0]!.related).toBe(true);
  });
});

describe('the specific word of a query', () => {
  it('is the rarest word when it weighs at least four times the commonest', () => {
    expect(
      specificWord(
        ['pollinator', 'health'],
        new Map([
          ['pollinator', 7.9],
          ['health', 1.5],
        ]),
      ),
    ).toBe('pollinator');
    expect(
      specificWord(
        ['pollinator', 'habitat'],
        new Map([
          ['pollinator', 7.9],
          ['habitat', 3],
        ]),
      ),
    ).toBeNull();
    expect(specificWord(['pollinator'], new Map([['pollinator', 7.9]]))).toBeNull();
    expect(specificWord(['pollinator', 'health'], null)).toBeNull();
  });
});

describe('equally relevant grants, and amounts not stated', () => {
  it('puts an open grant before a closed one, and one with an amount before one without', async () => {
    const closed = await makeGrant(t.db, {
      title: 'Lichen biodiversity survey: Rockies',
      description: 'Lichen survey.',
      awardCeiling: 50_000,
      closeDate: '2001-01-01',
    });
    const bare = await makeGrant(t.db, {
      title: 'Lichen biodiversity survey: Cascades',
      description: 'Lichen survey.',
      awardCeiling: 1,
      closeDate: '2099-01-01',
    });
    const informed = await makeGrant(t.db, {
      title: 'Lichen biodiversity survey: Ozarks',
      description: 'Lichen survey.',
      awardCeiling: 50_000,
      closeDate: '2099-01-01',
    });
    const results = await searchFor({
      q: 'lichen biodiversity survey',
      status: 'forecasted,posted,closed,archived',
    });
    expect(results.map((r) => r.grant.id)).toEqual([informed.id, bare.id, closed.id]);
    // A $1 ceiling is a placeholder: shown as not stated.
    expect(results[1]!.grant.awardCeiling).toBeNull();
  });

  it('never lets a placeholder amount meet an amount filter', async () => {
    const placeholder = await makeGrant(t.db, {
      title: 'Moss ecology placeholder',
      awardCeiling: 2,
      closeDate: '2099-01-01',
    });
    const real = await makeGrant(t.db, {
      title: 'Moss ecology',
      awardCeiling: 80_000,
      closeDate: '2099-01-01',
    });
    const under = await searchFor({ q: 'moss ecology', amountMax: '100000' });
    expect(under.map((r) => r.grant.id)).toEqual([real.id]);
    const over = await searchFor({ q: 'moss ecology', amountMin: '0' });
    expect(over.map((r) => r.grant.id)).not.toContain(placeholder.id);
  });
});

describe('agencies matched whole', () => {
  it('finds a NOAA grant coded only as Commerce, and the agency’s name is not a topic word', async () => {
    const coral = await makeGrant(t.db, {
      title: 'Coral Reef Conservation Program',
      agency: 'Department of Commerce',
      agencyCode: 'DOC',
      cfdaNumbers: ['11.482'],
      closeDate: '2099-01-01',
    });
    const other = await makeGrant(t.db, {
      title: 'Coral reef ecology',
      agency: 'National Science Foundation',
      agencyCode: 'NSF',
    });
    expect((await searchFor({ q: 'NOAA coral reef grants' })).map((r) => r.grant.id)).toEqual([
      coral.id,
    ]);
    expect((await searchFor({ q: 'coral reef', agency: 'NOAA' })).map((r) => r.grant.id)).toEqual([
      coral.id,
    ]);
    expect((await searchFor({ q: 'coral reef', agency: 'DOC' })).map((r) => r.grant.id)).toEqual([
      coral.id,
    ]);
    expect((await searchFor({ q: 'coral reef' })).map((r) => r.grant.id).sort()).toEqual(
      [coral.id, other.id].sort(),
    );
  });

  it('works out the agencies of grants stored before they were kept', async () => {
    const army = await makeGrant(t.db, {
      title: 'Autism research program',
      agency: 'Dept. of the Army -- USAMRAA',
      agencyCode: null,
    });
    await t.db.execute(sql`UPDATE grants SET agency_keys = NULL WHERE id = ${army.id}`);
    // Without its agencies it is no DOD grant: the box says so and shows autism grants from any agency.
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query: { q: 'autism', agency: 'DOD' }, headers: { cookie } });
    expect(before.json().relaxed).toMatch(/from DOD; here (is|are) \d+ from any agency\.$/);
    expect(await backfillAgencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    expect((await searchFor({ q: 'autism', agency: 'DOD' })).map((r) => r.grant.id)).toEqual([
      army.id,
    ]);
  });
});

describe('what a search leaves out', () => {
  it('"not about vaccines" leaves out grants that say it, in the search box and through the assistant, and a follow-up can drop more', async () => {
    const care = await makeGrant(t.db, {
      title: 'Zanzibar HIV prevention and care',
      closeDate: '2099-01-01',
    });
    const vaccine = await makeGrant(t.db, {
      title: 'Zanzibar HIV vaccine trials',
      closeDate: '2099-01-01',
    });
    const described = await makeGrant(t.db, {
      title: 'Zanzibar HIV prevention research',
      description: 'Early-phase vaccine studies.',
      closeDate: '2099-01-01',
    });
    const ids = (results: Result[]) => results.map((r) => r.grant.id).sort();
    expect(ids(await searchFor({ q: 'zanzibar hiv' }))).toEqual(
      [care.id, vaccine.id, described.id].sort(),
    );
    expect(ids(await searchFor({ q: 'zanzibar hiv not about vaccines' }))).toEqual([care.id]);

    const chat = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/search/chat',
        payload: body,
        headers: { cookie },
      });
    const first = await chat({
      message: 'zanzibar grants, not about vaccines',
      matchProfile: false,
    });
    expect(first.statusCode).toBe(200);
    expect(ids(first.json().results)).toEqual([care.id]);
    expect(first.json().reply).toContain('not mentioning “vaccines”');
    // The URL's form of the search (q) gives the same list.
    expect(ids(await searchFor({ q: first.json().query.q }))).toEqual([care.id]);

    const all = await chat({ message: 'zanzibar hiv', matchProfile: false });
    const dropped = await chat({
      message: 'drop the prevention ones',
      matchProfile: false,
      context: all.json().context,
    });
    expect(ids(dropped.json().results)).toEqual([vaccine.id]);
    expect(dropped.json().reply).toMatch(/^Narrowed down: /);
  });
});

describe('synonyms', () => {
  it('reads an activity code\'s plural as the code: "R01s" finds the R01 and the R01s alike', async () => {
    const single = await makeGrant(t.db, { title: 'Wombat sleep and memory (R01)', closeDate: '2099-01-01' });
    const plural = await makeGrant(t.db, { title: 'Supplements to wombat R01s', closeDate: '2099-01-02' });
    await refreshTermStats(t.db);
    for (const q of ['R01s', 'R01']) {
      const results = await t.app.inject({ method: 'GET', url: '/api/v1/grants/search', query: { q }, headers: { cookie } });
      const body = results.json() as { results: { grant: { id: string }; related: boolean }[] };
      expect(body.results.map((r) => r.grant.id).sort(), q).toEqual([single.id, plural.id].sort());
    }
    await t.db.execute(sql`delete from grants where id in (${single.id}, ${plural.id})`);
    await refreshTermStats(t.db);
  });

  it('finds "wildland fire" for "wildfire", and says why it matched', async () => {
    const wildland = await makeGrant(t.db, {
      title: 'Quokka wildland fire fuels reduction',
      closeDate: '2099-01-01',
    });
    const results = await t.app.inject({
      method: 'GET',
      url: '/api/v1/grants/search',
      query: { q: 'quokka wildfire' },
      headers: { cookie },
    });
    const body = results.json() as { results: { grant: { id: string }; reasons: string[] }[] };
    expect(body.results.map((r) => r.grant.id)).toEqual([wildland.id]);
    expect(body.results[0]!.reasons[0]).toBe('Title mentions “quokka”, “wildfire”');
  });
});

describe('paging a broad search', () => {
  it('reaches every result the total promises, and says when there are more matches than it ranks', async () => {
    await t.db.execute(sql`
      INSERT INTO grants (source, source_key, opportunity_number, title, record_kind, status, close_date)
      SELECT 'test', 'zebra-' || i, 'ZEBRA-' || i, 'Zebrafish regeneration study ' || i, 'synopsis', 'posted', DATE '2099-01-01'
      FROM generate_series(1, 900) AS i`);
    const page = (n: number) =>
      t.app
        .inject({
          method: 'GET',
          url: '/api/v1/grants/search',
          query: { q: 'zebrafish regeneration', pageSize: '50', page: String(n) },
          headers: { cookie },
        })
        .then((r) => r.json() as { results: unknown[]; total: number; totalCapped: boolean });
    const first = await page(1);
    expect(first.totalCapped).toBe(true);
    expect(first.total).toBeLessThan(900);
    const last = Math.ceil(first.total / 50);
    expect((await page(last)).results.length).toBe(first.total - (last - 1) * 50);
    expect((await page(last + 1)).results).toEqual([]);
  });
});

describe('who may apply', () => {
  it('"for universities" rules out grants only others may apply for, and searches the topic alone', async () => {
    const forUniversities = await makeGrant(t.db, {
      title: 'Axolotl limb research',
      eligibilityCodes: ['06'],
    });
    const unknown = await makeGrant(t.db, {
      title: 'Axolotl limb research II',
      eligibilityCodes: [],
    });
    await makeGrant(t.db, { title: 'Axolotl limb research III', eligibilityCodes: ['12'] });
    const ids = (await searchFor({ q: 'axolotl limb research for universities' }))
      .map((r) => r.grant.id)
      .sort();
    expect(ids).toEqual([forUniversities.id, unknown.id].sort());
  });
});
