import { describe, expect, it } from 'vitest';
import { actors } from '../../../test/actors';
import { canChangeStatus, canManagePeople } from './people.policy';

describe('canManagePeople (institution A)', () => {
  it.each([
    ['a researcher of A', actors.researcher, false],
    ['another researcher of A', actors.colleague, false],
    ["A's admin", actors.admin, true],
    ["another institution's admin", actors.otherAdmin, false],
    ["another institution's researcher", actors.otherResearcher, false],
  ])('%s → %s', (_label, actor, allowed) => {
    expect(canManagePeople(actor, 'inst-a')).toBe(allowed);
  });
});

describe('canChangeStatus (a researcher of A)', () => {
  const person = { id: actors.researcher.id, institutionId: 'inst-a' };
  it.each([
    ['the person themselves', actors.researcher, false],
    ['a colleague', actors.colleague, false],
    ["A's admin", actors.admin, true],
    ["another institution's admin", actors.otherAdmin, false],
  ])('%s → %s', (_label, actor, allowed) => {
    expect(canChangeStatus(actor, person)).toBe(allowed);
  });

  it('never lets an admin deactivate themselves', () => {
    expect(canChangeStatus(actors.admin, { id: actors.admin.id, institutionId: 'inst-a' })).toBe(false);
  });
});
