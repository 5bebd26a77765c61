// The team module's rules as a table: who changes the team, and who an
// invitation can reach (another institution's admin is found, but joins no team).
import { describe, expect, it } from 'vitest';
import { canManageTeam, isInvitable, joinsTeams } from './team.policy';

describe('who changes the team', () => {
  it.each([
    ['pi', true],
    ['member', false],
    ['admin', false],
  ] as const)('%s → %s', (role, allowed) => {
    expect(canManageTeam(role)).toBe(allowed);
  });
});

describe('who an invitation reaches', () => {
  it.each([
    ['an active researcher of an onboarded institution', { status: 'active', onboarded: true, role: 'researcher' }, true, true],
    ['a deactivated researcher', { status: 'deactivated', onboarded: true, role: 'researcher' }, false, true],
    ['a researcher of an institution not onboarded', { status: 'active', onboarded: false, role: 'researcher' }, false, true],
    ["another institution's admin", { status: 'active', onboarded: true, role: 'admin' }, true, false],
  ] as const)('%s: found %s, joins %s', (_, person, found, joins) => {
    expect(isInvitable(person)).toBe(found);
    expect(joinsTeams(person)).toBe(joins);
  });
});
