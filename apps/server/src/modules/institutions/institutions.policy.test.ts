import { describe, expect, it } from 'vitest';
import { acceptsSignIns, type SignInCandidate } from './institutions.policy';

describe('acceptsSignIns', () => {
  it.each([
    ['an onboarded institution', { onboarded: true }, true],
    ['an institution on the list but not onboarded', { onboarded: false }, false],
    ['a domain no institution owns', undefined, false],
  ] as [string, SignInCandidate | undefined, boolean][])('%s → %s', (_label, institution, allowed) => {
    expect(acceptsSignIns(institution)).toBe(allowed);
  });
});
