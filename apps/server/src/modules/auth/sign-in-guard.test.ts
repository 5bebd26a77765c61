import { describe, expect, it } from 'vitest';
import { isBurst, signInVerdict } from './sign-in-guard';

const limits = { pairMax: 10, addressMax: 50, slowAfter: 10, windowMs: 15 * 60_000 };
const counts = (pair: number, address: number, email: number) => ({ pair, address, email });

describe('signInVerdict', () => {
  it('locks only the failing source: ten failures from one address for one e-mail', () => {
    expect(signInVerdict(counts(10, 10, 10), false, limits)).toEqual({
      blocked: true,
      reason: 'source',
      retryAfterSeconds: 900,
    });
    // The same e-mail from another address is slowed, not blocked.
    expect(signInVerdict(counts(0, 0, 10), false, limits)).toEqual({
      blocked: false,
      delayMs: 500,
    });
  });

  it('locks an address that fails for many e-mails', () => {
    expect(signInVerdict(counts(2, 50, 2), false, limits)).toMatchObject({
      blocked: true,
      reason: 'address',
    });
  });

  it('slows an e-mail under attack more as failures grow, up to 4 s', () => {
    expect(signInVerdict(counts(0, 0, 9), false, limits)).toEqual({ blocked: false, delayMs: 0 });
    expect(signInVerdict(counts(0, 0, 19), false, limits)).toEqual({
      blocked: false,
      delayMs: 500,
    });
    expect(signInVerdict(counts(0, 0, 20), false, limits)).toEqual({
      blocked: false,
      delayMs: 1000,
    });
    expect(signInVerdict(counts(0, 0, 30), false, limits)).toEqual({
      blocked: false,
      delayMs: 2000,
    });
    expect(signInVerdict(counts(0, 0, 500), false, limits)).toEqual({
      blocked: false,
      delayMs: 4000,
    });
  });

  it('lets a browser the person signed in with before through at once, whatever strangers did', () => {
    expect(signInVerdict(counts(40, 400, 400), true, limits)).toEqual({
      blocked: false,
      delayMs: 0,
    });
  });

  it('calls a burst from the threshold on', () => {
    expect(isBurst(9, limits)).toBe(false);
    expect(isBurst(10, limits)).toBe(true);
  });
});
