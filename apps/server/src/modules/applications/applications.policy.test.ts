// The applications module's rules as tables: who sees an application (another
// institution's admin included), who moves stages and amounts, who starts one.
import { describe, expect, it } from 'vitest';
import type { GrantStatus } from '@grantbridge/contract/grants';
import { actors } from '../../../test/actors';
import {
  acceptsApplications,
  applicationRoleOf,
  canEditAmounts,
  canWorkOn,
  canManageInstitution,
  canSetInternalDeadline,
  canStartApplication,
  stageRolesOf,
} from './applications.policy';

describe('acceptsApplications', () => {
  it.each([
    ['posted', true],
    ['forecasted', true],
    ['closed', false],
    ['archived', false],
  ] as [GrantStatus, boolean][])('a %s grant → %s', (status, accepted) => {
    expect(acceptsApplications({ status })).toBe(accepted);
  });
});

describe('who sees an application (PI r1 at A; r3 at B an active member; r4 removed)', () => {
  const app = { piId: 'r1', piInstitutionId: 'inst-a', activeMemberIds: ['r3'] };
  const removed = { id: 'r4', role: 'researcher' as const, institution: { id: 'inst-b' } };
  it.each([
    ['the PI', actors.researcher, 'pi'],
    ['a colleague at the same institution', actors.colleague, null],
    ["the PI's institution's admin", actors.admin, 'admin'],
    ["another institution's admin (the member's)", actors.otherAdmin, null],
    ['an active member at another institution', actors.otherResearcher, 'member'],
    ['a removed member', removed, null],
  ] as const)('%s → %s', (_, actor, role) => {
    expect(applicationRoleOf(actor, app)).toBe(role);
  });

  it('lets the PI and the office move stages and amounts; only the office sets the internal deadline', () => {
    expect(stageRolesOf('pi')).toEqual(['pi']);
    expect(stageRolesOf('admin')).toEqual(['admin']);
    expect(stageRolesOf('member')).toEqual([]);
    expect(['pi', 'member', 'admin'].map((r) => canEditAmounts(r as 'pi'))).toEqual([true, false, true]);
    expect(['pi', 'member', 'admin'].map((r) => canSetInternalDeadline(r as 'pi'))).toEqual([false, false, true]);
    // Tasks are the team's work; the office reads them.
    expect(['pi', 'member', 'admin'].map((r) => canWorkOn(r as 'pi'))).toEqual([true, true, false]);
  });
});

describe('starting applications and the institution settings', () => {
  it('only researchers start applications', () => {
    expect(canStartApplication(actors.researcher)).toBe(true);
    expect(canStartApplication(actors.admin)).toBe(false);
  });

  it("an institution's settings are its own admins'", () => {
    expect(canManageInstitution(actors.admin, 'inst-a')).toBe(true);
    expect(canManageInstitution(actors.otherAdmin, 'inst-a')).toBe(false);
    expect(canManageInstitution(actors.researcher, 'inst-a')).toBe(false);
  });
});
