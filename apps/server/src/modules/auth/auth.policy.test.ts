import { describe, expect, it } from 'vitest';
import { actors } from '../../../test/actors';
import { canManageAccount } from './auth.policy';

describe('canManageAccount', () => {
  it.each([
    ['the account holder', actors.researcher, true],
    ['another researcher of the same institution', actors.colleague, false],
    ['an admin of the same institution', actors.admin, false],
    ["another institution's admin", actors.otherAdmin, false],
    ["another institution's researcher", actors.otherResearcher, false],
  ])('%s → %s', (_label, actor, allowed) => {
    expect(canManageAccount(actor, { id: actors.researcher.id })).toBe(allowed);
  });
});
