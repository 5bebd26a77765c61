import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, setResearchAreas, signIn } from '../../../test/factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/grants/:id/collaborators', () => {
  it('returns the top 3 from other institutions by the seed formula, with suggested grants', async () => {
    const me = await makeUser(t.db, { name: 'Me' });
    await setResearchAreas(t.db, me.user.id, ['Forest Ecology']);
    const colleague = await makeUser(t.db, { name: 'Same Place', domain: me.institution.domains[0] });
    await setResearchAreas(t.db, colleague.user.id, ['Carbon Cycling', 'Climate Change', 'Remote Sensing']);
    const people: Record<string, string[]> = {
      Ana: ['Carbon Cycling', 'Climate Change', 'Remote Sensing'], // 0.45
      Ben: ['forest ecology', 'Carbon Cycling'], // 0.1 + 0.15 = 0.25
      Cy: ['Remote Sensing'], // 0.15
      Dee: ['Carbon'], // substring of "Carbon Cycling": 0.15
      Eve: ['Medieval History'], // 0
    };
    for (const [name, areas] of Object.entries(people)) {
      const p = await makeUser(t.db, { name });
      await setResearchAreas(t.db, p.user.id, areas);
    }
    const grant = await makeGrant(t.db, {
      title: 'Forest carbon from space',
      researchAreas: ['Forest Ecology', 'Carbon Cycling', 'Climate Change', 'Remote Sensing'],
    });
    await makeGrant(t.db, { title: 'Remote sensing of carbon', researchAreas: ['Remote Sensing', 'Carbon Cycling'] });

    const { cookie } = await signIn(t.app, { email: me.email, password: me.password, role: 'researcher' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/grants/${grant.id}/collaborators`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json().collaborators;
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Ana', 'Ben', 'Cy']);
    expect(list[0]).toMatchObject({
      score: 0.45,
      complementaryAreas: ['Carbon Cycling', 'Climate Change', 'Remote Sensing'],
      matchingAreas: [],
      matchIncrease: 75,
    });
    // Ben's areas as Ben lists them ("forest ecology"), not the grant's wording.
    expect(list[1]).toMatchObject({ score: 0.25, matchingAreas: ['forest ecology'], complementaryAreas: ['Carbon Cycling'] });
    expect(list[0].suggestedGrants.length).toBeLessThanOrEqual(2);
    expect(list[0].suggestedGrants.map((g: { id: string }) => g.id)).not.toContain(grant.id);
    expect(list[0].suggestedGrants[0].title).toBe('Remote sensing of carbon');
    expect(res.json().viewerHasAreas).toBe(true);
  });

  it('says whether the viewer lists research areas, so an empty list asks for them only when they are missing', async () => {
    const blank = await makeUser(t.db, { name: 'No Areas Yet' });
    const grant = await makeGrant(t.db, { title: 'Tidal energy', researchAreas: ['Ocean Engineering'] });
    const { cookie } = await signIn(t.app, { email: blank.email, password: blank.password, role: 'researcher' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/grants/${grant.id}/collaborators`, headers: { cookie } });
    expect(res.json()).toEqual({ collaborators: [], viewerHasAreas: false });
    await setResearchAreas(t.db, blank.user.id, ['Ocean Engineering']);
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/grants/${grant.id}/collaborators`, headers: { cookie } });
    expect(again.json()).toEqual({ collaborators: [], viewerHasAreas: true });
  });

  it('suggests no deactivated person, however well they fit', async () => {
    const me = await makeUser(t.db, { name: 'Me Again' });
    await setResearchAreas(t.db, me.user.id, ['Glaciology']);
    const gone = await makeUser(t.db, { name: 'Gone Away' });
    await setResearchAreas(t.db, gone.user.id, ['Glaciology', 'Ice Sheets']);
    const { sql } = await import('drizzle-orm');
    await t.db.execute(sql`UPDATE users SET status = 'deactivated' WHERE id = ${gone.user.id}`);
    const grant = await makeGrant(t.db, { title: 'Ice sheet dynamics', researchAreas: ['Glaciology', 'Ice Sheets'] });
    const { cookie } = await signIn(t.app, { email: me.email, password: me.password, role: 'researcher' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/grants/${grant.id}/collaborators`, headers: { cookie } });
    expect(res.json().collaborators.map((c: { name: string }) => c.name)).not.toContain('Gone Away');
  });

  it('answers 404 for an unknown grant', async () => {
    const me = await makeUser(t.db);
    const { cookie } = await signIn(t.app, { email: me.email, password: me.password, role: 'researcher' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/grants/nope/collaborators', headers: { cookie } });
    expect(res.statusCode).toBe(404);
  });
});
