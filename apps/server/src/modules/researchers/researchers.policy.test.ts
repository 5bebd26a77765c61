import { describe, expect, it } from 'vitest';
import { actors } from '../../../test/actors';
import { canActForResearcher, canSeeContactDetails, canViewProfile } from './researchers.policy';

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

describe('profiles', () => {
  const person = { id: actors.researcher.id, role: 'researcher' as const, institutionId: actors.researcher.institution.id };
  it.each([
    ['the person', actors.researcher, true, true],
    ['a colleague', actors.colleague, true, true],
    ["the institution's admin", actors.admin, true, true],
    ["another institution's admin", actors.otherAdmin, true, false],
    ['a researcher elsewhere', actors.otherResearcher, true, false],
  ])('%s: reads the profile %s, sees contact details %s', (_label, actor, reads, contact) => {
    expect(canViewProfile(actor, person)).toBe(reads);
    expect(canSeeContactDetails(actor, person)).toBe(contact);
  });

  it("keeps an administrator's own page to themselves", () => {
    const admin = { id: actors.admin.id, role: 'admin' as const };
    expect(canViewProfile(actors.colleague, admin)).toBe(false);
    expect(canViewProfile(actors.admin, admin)).toBe(true);
  });
});
