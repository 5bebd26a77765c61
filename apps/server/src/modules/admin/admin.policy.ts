// Who may read the research office's figures: the institution's admins, about
// their own institution only. A researcher is refused (403); a researcher id
// of another institution is not found (404), like any id one may not see.
import type { Actor } from '../../plugins/types';

export function canReadInstitutionReports(actor: Actor): boolean {
  return actor.role === 'admin';
}

/** Whether the actor may read this researcher's report. */
export function canReadResearcherReport(actor: Actor, researcher: { institutionId: string; role: 'researcher' | 'admin' }): boolean {
  return canReadInstitutionReports(actor) && researcher.role === 'researcher' && researcher.institutionId === actor.institution.id;
}
