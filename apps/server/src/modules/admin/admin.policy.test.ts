import { describe, expect, it } from 'vitest';
import { actors } from '../../../test/actors';
import { canReadInstitutionReports, canReadResearcherReport } from './admin.policy';

const ownResearcher = { institutionId: actors.researcher.institution.id, role: 'researcher' as const };

describe('the research office’s reports', () => {
  it.each([
    ['a researcher (the records’ owner)', actors.researcher, false, false],
    ['a colleague', actors.colleague, false, false],
    ["the institution's admin", actors.admin, true, true],
    ["another institution's admin", actors.otherAdmin, true, false],
    ['a researcher elsewhere', actors.otherResearcher, false, false],
  ])('%s: reads institution reports %s, reads this researcher %s', (_label, actor, reports, person) => {
    expect(canReadInstitutionReports(actor)).toBe(reports);
    expect(canReadResearcherReport(actor, ownResearcher)).toBe(person);
  });

  it('shows no admin account as a researcher, even to its own institution', () => {
    expect(canReadResearcherReport(actors.admin, { institutionId: actors.admin.institution.id, role: 'admin' })).toBe(false);
  });
});
