// A query's specific word outweighs its common one once the catalogue has word
// statistics (docs/decisions/022-term-rarity.md), through the real route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, signIn } from '../../../test/factories';
import { refreshTermStats } from '../grants/term-stats';

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
});
afterAll(() => t.close());

const topIds = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/grants/search',
    query: { q: 'pollinator health', pageSize: '5' },
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: { grant: { id: string } }[] }).results.map((r) => r.grant.id);
};

describe('rarer words count more', () => {
  it('ranks the one pollinator grant first for "pollinator health" once the statistics exist', async () => {
    // Without statistics every word weighs the same, and the health grants, which say
    // "health" in two fields, come before the one that says "pollinator" in its title.
    expect((await topIds())[0]).not.toBe(pollinatorId);
    await refreshTermStats(t.db);
    expect((await topIds())[0]).toBe(pollinatorId);
  });
});
