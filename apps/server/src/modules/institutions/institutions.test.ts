import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { abbreviationsFor } from './institutions.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = async (q: string, limit = 20) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/institutions', query: { q, limit: String(limit) } });
  expect(res.statusCode).toBe(200);
  return res.json().results as { name: string; domains: string[] }[];
};

describe('GET /api/v1/institutions', () => {
  it('holds the whole shipped US list', async () => {
    const { countInstitutions } = await import('./institutions.service');
    expect(await countInstitutions(t.db)).toBeGreaterThan(2300);
  });

  it.each([
    ['ucla', 'University of California, Los Angeles'],
    ['mit', 'Massachusetts Institute of Technology'],
    ['MIT', 'Massachusetts Institute of Technology'],
    ['berkeley', 'University of California, Berkeley'],
    ['michigan ann', 'University of Michigan - Ann Arbor'],
  ])('finds %s first', async (q, name) => {
    const results = await search(q);
    expect(results[0]?.name).toBe(name);
  });

  it('matches every word, in any order', async () => {
    const results = await search('california university');
    expect(results.length).toBeGreaterThan(5);
    for (const r of results) expect(r.name.toLowerCase()).toMatch(/california/);
  });

  it('returns nothing for nonsense, and alphabetical names for an empty query', async () => {
    expect(await search('zzqqxx')).toEqual([]);
    const first = await search('', 5);
    expect(first).toHaveLength(5);
    const names = first.map((r) => r.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
  });

  it('rejects a bad limit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/institutions?limit=5000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('limit');
  });
});

describe('abbreviationsFor', () => {
  it('derives initials without minor words and domain stems', () => {
    expect(abbreviationsFor('University of California, Los Angeles', ['ucla.edu'])).toContain('ucla');
    expect(abbreviationsFor('Massachusetts Institute of Technology', ['mit.edu'])).toContain('mit');
    expect(abbreviationsFor('Georgia Institute of Technology', ['gatech.edu'])).toEqual(
      expect.arrayContaining(['git', 'gatech']),
    );
  });
});
