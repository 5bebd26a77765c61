import { describe, expect, it } from 'vitest';
import { actors } from '../../../test/actors';
import { canViewInstitution } from './admin.policy';

describe('canViewInstitution', () => {
  it.each([
    ['an admin of the institution', actors.admin, true],
    ["another institution's admin", actors.otherAdmin, false],
    ['a researcher of the institution', actors.researcher, false],
    ["another institution's researcher", actors.otherResearcher, false],
  ])('%s → %s', (_label, actor, allowed) => {
    expect(canViewInstitution(actor, actors.admin.institution.id)).toBe(allowed);
  });
});
