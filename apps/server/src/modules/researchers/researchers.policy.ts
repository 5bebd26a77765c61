// Who may act on behalf of which researcher: themselves, or an admin of the
// researcher's own institution.
import type { Actor } from '../../plugins/types';

export type ResearcherRef = { id: string; role: 'researcher' | 'admin'; institutionId: string };

export function canActForResearcher(actor: Actor, researcher: ResearcherRef): boolean {
  if (researcher.role !== 'researcher') return actor.id === researcher.id;
  if (actor.id === researcher.id) return true;
  return actor.role === 'admin' && actor.institution.id === researcher.institutionId;
}

/**
 * Whose profile a signed-in person may read: any researcher's (collaboration
 * crosses institutions), and their own.
 */
export function canViewProfile(actor: Actor, person: { id: string; role: 'researcher' | 'admin' }): boolean {
  return person.role === 'researcher' || actor.id === person.id;
}

/** E-mail, phone and office: for the person, and for anyone at the same institution (colleagues, its admins). */
export function canSeeContactDetails(actor: Actor, person: { id: string; institutionId: string }): boolean {
  return actor.id === person.id || actor.institution.id === person.institutionId;
}
