// Who may act on behalf of which researcher: themselves, or an admin of the
// researcher's own institution.
import type { Actor } from '../../plugins/types';

export type ResearcherRef = { id: string; role: 'researcher' | 'admin'; institutionId: string };

export function canActForResearcher(actor: Actor, researcher: ResearcherRef): boolean {
  if (researcher.role !== 'researcher') return actor.id === researcher.id;
  if (actor.id === researcher.id) return true;
  return actor.role === 'admin' && actor.institution.id === researcher.institutionId;
}
