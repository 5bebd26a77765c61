import { describe, expect, it } from 'vitest';
import { canActForResearcher } from './researchers.policy';

const researcher = { id: 'r1', role: 'researcher' as const, institutionId: 'inst-a' };

describe('canActForResearcher', () => {
  it.each([
    ['the researcher themselves', { id: 'r1', role: 'researcher' as const, institution: { id: 'inst-a' } }, true],
    ['another researcher of the same institution', { id: 'r2', role: 'researcher' as const, institution: { id: 'inst-a' } }, false],
    ['an admin of the same institution', { id: 'a1', role: 'admin' as const, institution: { id: 'inst-a' } }, true],
    ["another institution's admin", { id: 'a2', role: 'admin' as const, institution: { id: 'inst-b' } }, false],
    ["another institution's researcher", { id: 'r3', role: 'researcher' as const, institution: { id: 'inst-b' } }, false],
  ])('%s → %s', (_label, actor, allowed) => {
    expect(canActForResearcher(actor, researcher)).toBe(allowed);
  });

  it('never lets anyone act for an admin account but the admin', () => {
    const admin = { id: 'a1', role: 'admin' as const, institutionId: 'inst-a' };
    expect(canActForResearcher({ id: 'a3', role: 'admin', institution: { id: 'inst-a' } }, admin)).toBe(false);
  });
});
