// Profiles: editing saves and changes matching at once; lists are the
// owner's alone; contact details stay inside the institution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';

let t: TestApp;
let owner: TestPerson & { domain: string };
let colleague: TestPerson;
let admin: TestPerson;
let otherAdmin: TestPerson;
let outsider: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makePerson(t.db, 'Olive Owner');
  colleague = await makePerson(t.db, 'Cole League', 'researcher', owner.domain);
  admin = await makePerson(t.db, 'Ada Admin', 'admin', owner.domain);
  otherAdmin = await makePerson(t.db, 'Otto Other', 'admin');
  outsider = await makePerson(t.db, 'Oscar Outside');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

describe('my profile', () => {
  it('saves an edit and completes setup once title, department and an area are set', async () => {
    const before = (await call('GET', '/api/v1/profile', owner.cookie)).json().profile;
    expect(before).toMatchObject({ name: 'Olive Owner', setupComplete: false, researchAreas: [] });

    const partial = await call('PATCH', '/api/v1/profile', owner.cookie, { title: 'Associate Professor' });
    expect(partial.json().profile.setupComplete).toBe(false);

    const res = await call('PATCH', '/api/v1/profile', owner.cookie, {
      department: 'Earth Sciences',
      researchAreas: ['Hydrology', 'hydrology', 'Remote sensing of snow'],
      expertise: ['LiDAR'],
      about: 'I study how mountains store water.',
      phone: '+1 555 0100',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      title: 'Associate Professor',
      department: 'Earth Sciences',
      researchAreas: ['hydrology', 'Remote sensing of snow'],
      expertise: ['LiDAR'],
      setupComplete: true,
    });
    const me = await call('GET', '/api/v1/auth/me', owner.cookie);
    expect(me.json().user).toMatchObject({ setupComplete: true, department: 'Earth Sciences' });
  });

  it('refuses bad fields one by one and changes nothing', async () => {
    const res = await call('PATCH', '/api/v1/profile', owner.cookie, {
      name: '',
      about: 'x'.repeat(5001),
      researchAreas: 'Hydrology',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    const paths = res.json().errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(['about', 'name', 'researchAreas']);
    expect((await call('GET', '/api/v1/profile', owner.cookie)).json().profile.name).toBe('Olive Owner');
  });

  it('cannot set role, status, institution or setup through the profile', async () => {
    const res = await call('PATCH', '/api/v1/profile', owner.cookie, { role: 'admin', setupComplete: false });
    expect(res.statusCode).toBe(400);
  });

  it('changes the profile match of a grant at once', async () => {
    const grant = await makGrantWithAreas(['Glaciology']);
    const match = async () =>
      (await call('GET', `/api/v1/grants/${grant.id}`, owner.cookie)).json().grant.viewer.matchPercent;
    expect(await match()).toBe(0);
    await call('PATCH', '/api/v1/profile', owner.cookie, { researchAreas: ['Hydrology', 'Glaciology'] });
    expect(await match()).toBe(100);
  });
});

async function makGrantWithAreas(areas: string[]) {
  return makeGrant(t.db, { title: 'Glacier melt', researchAreas: areas });
}

describe('publications, education and projects', () => {
  it('adds, edits and removes my own items; another person gets 404', async () => {
    const added = await call('POST', '/api/v1/profile/publications', owner.cookie, {
      title: 'Snow water from space',
      journal: 'Water Resources Research',
      year: 2024,
      doi: 'https://doi.org/10.1029/ABC.123',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ doi: '10.1029/abc.123', year: 2024 });
    const id = added.json().id;

    const edited = await call('PATCH', `/api/v1/profile/publications/${id}`, owner.cookie, { year: 2023 });
    expect(edited.json()).toMatchObject({ id, year: 2023, title: 'Snow water from space' });
    expect((await call('PATCH', `/api/v1/profile/publications/${id}`, colleague.cookie, { year: 1999 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/profile/publications/${id}`, otherAdmin.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/v1/profile/publications/${id}`, owner.cookie, { year: 1800 })).statusCode).toBe(400);

    const degree = await call('POST', '/api/v1/profile/education', owner.cookie, {
      degree: 'PhD',
      institution: 'University of Colorado',
      field: 'Hydrology',
      year: 2012,
    });
    expect(degree.statusCode).toBe(201);
    const project = await call('POST', '/api/v1/profile/projects', owner.cookie, { title: 'SnowEx', description: null });
    expect(project.statusCode).toBe(201);

    const profile = (await call('GET', '/api/v1/profile', owner.cookie)).json().profile;
    expect(profile.publications.map((p: { year: number }) => p.year)).toEqual([2023]);
    expect(profile.education[0]).toMatchObject({ degree: 'PhD', field: 'Hydrology' });
    expect(profile.projects[0].title).toBe('SnowEx');

    expect((await call('DELETE', `/api/v1/profile/publications/${id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/profile/publications/${id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/v1/profile/projects/not-an-id', owner.cookie)).statusCode).toBe(404);
  });

  it('answers 401 signed out', async () => {
    expect((await call('GET', '/api/v1/profile')).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/profile/projects', undefined, { title: 'x' })).statusCode).toBe(401);
  });
});

describe("another researcher's profile", () => {
  beforeAll(async () => {
    await call('PATCH', '/api/v1/profile', owner.cookie, { office: 'Room 101', phone: '+1 555 0100' });
  });
  const read = (cookie: string) => call('GET', `/api/v1/researchers/${owner.id}`, cookie);

  it('shows e-mail, phone and office to the person, colleagues and their admin only', async () => {
    for (const cookie of [owner.cookie, colleague.cookie, admin.cookie]) {
      const profile = (await read(cookie)).json().profile;
      expect(profile).toMatchObject({ name: 'Olive Owner', office: 'Room 101' });
      expect(profile.email).toContain('@');
    }
    for (const cookie of [outsider.cookie, otherAdmin.cookie]) {
      const res = await read(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().profile).toMatchObject({ name: 'Olive Owner', email: null, phone: null, office: null });
      expect(res.json().profile.researchAreas).toContain('Hydrology');
    }
  });

  it("answers 404 for an admin's page, an unknown id, and signed out 401", async () => {
    expect((await call('GET', `/api/v1/researchers/${admin.id}`, outsider.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/researchers/00000000-0000-4000-8000-000000000000', outsider.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/researchers/${owner.id}`)).statusCode).toBe(401);
  });
});
