import { describe, expect, it } from 'vitest';
import type { SessionUser } from './types';
import { createSessionCache } from './session-cache';

const user = (id: string, sessionId: string) => ({ id, sessionId, name: id }) as unknown as SessionUser;

describe('session cache', () => {
  it('keeps an entry for the time to live, never past the session expiry', () => {
    const cache = createSessionCache(3000);
    cache.set('h1', user('u1', 's1'), 10_000, 1000);
    expect(cache.get('h1', 3999)?.id).toBe('u1');
    expect(cache.get('h1', 4000)).toBeUndefined();
    cache.set('h2', user('u2', 's2'), 1500, 1000);
    expect(cache.get('h2', 1499)?.id).toBe('u2');
    expect(cache.get('h2', 1500)).toBeUndefined();
  });

  it('forgets one session, or every session of a user', () => {
    const cache = createSessionCache(60_000);
    cache.set('a', user('u1', 's1'), Infinity, 0);
    cache.set('b', user('u1', 's2'), Infinity, 0);
    cache.set('c', user('u2', 's3'), Infinity, 0);
    cache.forgetSession('s1');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.sessionId).toBe('s2');
    cache.forgetUser('u1');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.sessionId).toBe('s3');
  });

  it('stores nothing when turned off, and drops the oldest entry when full', () => {
    const off = createSessionCache(0);
    off.set('a', user('u1', 's1'), Infinity, 0);
    expect(off.get('a', 0)).toBeUndefined();
    const small = createSessionCache(60_000, 2);
    small.set('a', user('u1', 's1'), Infinity, 0);
    small.set('b', user('u2', 's2'), Infinity, 0);
    small.set('c', user('u3', 's3'), Infinity, 0);
    expect(small.get('a', 1)).toBeUndefined();
    expect(small.get('c', 1)?.id).toBe('u3');
  });
});
