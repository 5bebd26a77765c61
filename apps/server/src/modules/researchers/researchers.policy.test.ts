import { describe, expect, it } from 'vitest';
import { actors } from '../../../test/actors';
import { canActForResearcher } from './researchers.policy';

const { researcher: owner } = actors;
const researcher = { id: owner.id, role: owner.role, institutionId: owner.institution.id };

describe('canActForResearcher', () => {
  it.each([
    ['the researcher themselves', actors.researcher, true],
    ['another researcher of the same institution', actors.colleague, false],
    ['an admin of the same institution', actors.admin, true],
    ["another institution's admin", actors.otherAdmin, false],
    ["another institution's researcher", actors.otherResearcher, false],
  ])('%s → %s', (_label, actor, allowed) => {
    expect(canActForResearcher(actor, researcher)).toBe(allowed);
  });

  it('never lets anyone act for an admin account but the admin', () => {
    const admin = { id: actors.admin.id, role: 'admin' as const, institutionId: actors.admin.institution.id };
    expect(canActForResearcher({ ...actors.admin, id: 'a3' }, admin)).toBe(false);
    expect(canActForResearcher(actors.admin, admin)).toBe(true);
  });
});
