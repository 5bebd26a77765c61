// GET /api/v1/grants/:id/similar ("More like this", decision 064) and the service export.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, makeUser, sessionCookie } from '../../../test/factories';
import { similarGrants } from './grants.service';

let t: TestApp;
let researcher: string;
const ids: Record<string, string> = {};

const reef = 'Coral reef resilience and ocean acidification research';
beforeAll(async () => {
  t = await createTestApp();
  researcher = (await makePerson(t.db, 'Ria Researcher')).cookie;
  const grant = async (key: string, values: Parameters<typeof makeGrant>[1]) => {
    ids[key] = (await makeGrant(t.db, values)).id;
  };
  await grant('query', {
    opportunityNumber: 'NSF-26-100',
    title: reef,
    description: 'Studies of coral reef ecosystems, ocean acidification and marine biology.',
    researchAreas: ['Marine Biology'],
    cfdaNumbers: ['47.050'],
  });
  await grant('sameNumber', {
    opportunityNumber: 'NSF-26-100',
    title: `${reef} (amended)`,
    cfdaNumbers: ['47.050'],
  });
  await grant('sameTitle', {
    opportunityNumber: 'NSF-25-100',
    title: reef,
    cfdaNumbers: ['47.050'],
  });
  await grant('listing', {
    title: 'Biological oceanography',
    description: 'Marine ecosystems, plankton and ocean chemistry.',
    cfdaNumbers: ['47.050'],
  });
  // The same call in an older record without an agency code (as PD-98-1524 beside PD-23-1524).
  await grant('listingOld', {
    opportunityNumber: 'PD-98-1',
    title: 'Biological oceanography',
    agencyCode: null,
    description: 'Marine ecosystems, plankton and ocean chemistry.',
    cfdaNumbers: ['47.050'],
  });
  await grant('words', {
    title: 'Coral reef conservation grants',
    description: 'Protecting coral reef habitats and fisheries.',
    agency: 'National Oceanic and Atmospheric Administration',
    agencyCode: 'DOC-NOAA',
    cfdaNumbers: ['11.482'],
  });
  await grant('closed', {
    title: 'Ocean acidification and coral reef ecology',
    description: 'Coral reef ecosystems under ocean acidification.',
    cfdaNumbers: ['47.050'],
    closeDate: '2020-01-01',
  });
  await grant('health', {
    title: 'Opioid use disorder treatment in rural clinics',
    description: 'Clinical trials of medication for opioid addiction.',
    agency: 'National Institutes of Health',
    agencyCode: 'HHS-NIH11',
    cfdaNumbers: ['93.279'],
  });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const similarIds = (res: { json: () => { similar: { grant: { id: string } }[] } }) =>
  res.json().similar.map((s) => s.grant.id);

describe('GET /api/v1/grants/:id/similar', () => {
  it('lists open neighbours best first with why, without itself, its duplicates or closed grants', async () => {
    const res = await get(`/api/v1/grants/${ids.query}/similar`, researcher);
    expect(res.statusCode).toBe(200);
    const similar = res.json().similar as {
      grant: { id: string; title: string; agency: string; closeDate: string };
      why: string;
    }[];
    const found = similar.map((s) => s.grant.id);
    expect(found).not.toContain(ids.query);
    expect(found).not.toContain(ids.sameNumber);
    expect(found).not.toContain(ids.sameTitle);
    expect(found).not.toContain(ids.closed);
    expect(found).not.toContain(ids.listingOld);
    expect(found.slice(0, 2).sort()).toEqual([ids.listing, ids.words].sort());
    expect(found.indexOf(ids.health)).toBeGreaterThan(1);
    const why = Object.fromEntries(similar.map((s) => [s.grant.id, s.why]));
    expect(why[ids.listing!]).toContain('Same programme: 47.050');
    expect(why[ids.words!]).toBe('Shared: coral reef');
    expect(similar[0]!.grant).toMatchObject({
      agency: expect.any(String),
      closeDate: '2099-01-01',
      status: 'posted',
    });
  });

  it('includes closed grants when asked', async () => {
    const res = await get(`/api/v1/grants/${ids.query}/similar?includeClosed=true`, researcher);
    expect(res.statusCode).toBe(200);
    expect(similarIds(res)).toContain(ids.closed);
    expect(similarIds(res)).not.toContain(ids.sameTitle);
  });

  it('honours limit from 1 to 20 and refuses anything else without a change', async () => {
    expect(
      similarIds(await get(`/api/v1/grants/${ids.query}/similar?limit=1`, researcher)),
    ).toHaveLength(1);
    expect((await get(`/api/v1/grants/${ids.query}/similar?limit=20`, researcher)).statusCode).toBe(
      200,
    );
    for (const query of [
      'limit=0',
      'limit=21',
      'limit=abc',
      'limit=2.5',
      'includeClosed=maybe',
      'other=1',
    ]) {
      const res = await get(`/api/v1/grants/${ids.query}/similar?${query}`, researcher);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['7b1e6f7e-0000-4000-8000-000000000000', 'not-an-id', '1']) {
      const res = await get(`/api/v1/grants/${id}/similar`, researcher);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('needs a signed-in user, as the grant page does: signed out and deactivated answer 401', async () => {
    expect((await get(`/api/v1/grants/${ids.query}/similar`)).statusCode).toBe(401);
    const gone = await makeUser(t.db);
    const cookie = await sessionCookie(t.db, gone.user.id);
    await t.db.execute(sql`UPDATE users SET status = 'deactivated' WHERE id = ${gone.user.id}`);
    expect((await get(`/api/v1/grants/${ids.query}/similar`, cookie)).statusCode).toBe(401);
    expect((await get(`/api/v1/grants/${ids.query}`, cookie)).statusCode).toBe(401);
  });

  it('shows every researcher and admin, of any institution, the same public catalogue', async () => {
    const mine = await get(`/api/v1/grants/${ids.query}/similar`, researcher);
    const others = [
      await makePerson(t.db, 'Other Researcher'),
      await makePerson(t.db, 'An Admin', 'admin'),
      await makePerson(t.db, 'Other Admin', 'admin'),
    ];
    for (const person of others) {
      const res = await get(`/api/v1/grants/${ids.query}/similar`, person.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(mine.json());
    }
  });

  it('sees a grant imported after the index was built', async () => {
    await get(`/api/v1/grants/${ids.query}/similar`, researcher);
    const fresh = await makeGrant(t.db, {
      title: 'Coral reef acidification monitoring',
      cfdaNumbers: ['47.050'],
    });
    // The request that finds the catalogue moved on answers from the index it has and reloads it behind.
    await expect
      .poll(async () => similarIds(await get(`/api/v1/grants/${ids.query}/similar`, researcher)))
      .toContain(fresh.id);
    // A grant the index does not hold yet is loaded at once when asked for.
    const newer = await makeGrant(t.db, {
      title: 'Coral reef restoration genetics',
      cfdaNumbers: ['47.050'],
    });
    expect((await get(`/api/v1/grants/${newer.id}/similar`, researcher)).statusCode).toBe(200);
  });
});

describe('the index follows the catalogue', () => {
  it('sees a change the change log does not record once an import replaced the vocabulary', async () => {
    const whyOfHealth = async () => {
      const res = await get(`/api/v1/grants/${ids.query}/similar?limit=20`, researcher);
      return (res.json().similar as { grant: { id: string }; why: string }[]).find(
        (s) => s.grant.id === ids.health,
      )?.why;
    };
    expect(await whyOfHealth()).not.toContain('Same programme');
    await t.db.execute(sql`UPDATE grants SET cfda_numbers = '{47.050}' WHERE id = ${ids.health}`);
    expect(await whyOfHealth()).not.toContain('Same programme');
    await t.db.execute(
      sql`INSERT INTO grant_words (word, docs) VALUES ('', 42) ON CONFLICT (word) DO UPDATE SET docs = grant_words.docs + 1`,
    );
    // Reloaded behind the request that saw the new version: the next ones see the change.
    await expect.poll(whyOfHealth).toContain('Same programme: 47.050');
  });
});

describe('similarGrants (the service export the newsletters module uses)', () => {
  it('answers the same list as the route, and not_found for an unknown grant', async () => {
    const res = await get(`/api/v1/grants/${ids.query}/similar?limit=3`, researcher);
    const direct = await similarGrants(t.db, ids.query!, { limit: 3 });
    expect(direct.map((s) => s.grant.id)).toEqual(similarIds(res));
    await expect(similarGrants(t.db, '7b1e6f7e-0000-4000-8000-000000000000')).rejects.toMatchObject(
      { code: 'not_found' },
    );
  });
});
