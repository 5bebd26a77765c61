// The open-opportunity cache: a minute per key, failures not kept, bounded.
import { describe, expect, it } from 'vitest';
import {
  createOpportunityCache,
  createPerDatabaseCache,
  opportunityTtlMs,
} from './opportunity-cache';

describe('createOpportunityCache', () => {
  it('answers from what it computed within the minute, and computes again after it', async () => {
    let clock = 0;
    let computed = 0;
    const cache = createOpportunityCache<number>(() => clock);
    const compute = async () => ++computed;
    expect(await cache.get('a', compute)).toBe(1);
    clock = opportunityTtlMs - 1;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('b', compute)).toBe(2); // another institution, department or day
    clock = opportunityTtlMs;
    expect(await cache.get('a', compute)).toBe(3);
  });

  it('shares one computation between callers at once, and keeps no failure', async () => {
    const cache = createOpportunityCache<string>(() => 0);
    let calls = 0;
    const slow = () =>
      new Promise<string>((resolve) => setTimeout(() => resolve(`v${++calls}`), 5));
    const [x, y] = await Promise.all([cache.get('k', slow), cache.get('k', slow)]);
    expect([x, y, calls]).toEqual(['v1', 'v1', 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('bad', async () => 'fine')).toBe('fine');
  });

  it('keeps each database’s figures apart under the same key', async () => {
    const cache = createPerDatabaseCache<string>(() => 0);
    const [one, two] = [{}, {}];
    expect(await cache.get(one, 'institution|2026-11-28', async () => 'first')).toBe('first');
    expect(await cache.get(two, 'institution|2026-11-28', async () => 'second')).toBe('second');
    expect(await cache.get(one, 'institution|2026-11-28', async () => 'again')).toBe('first');
  });
});
