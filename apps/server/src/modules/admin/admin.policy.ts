// Who may see an institution's administrator views (its researcher directory):
// that institution's administrators, no one else.
import type { Actor } from '../../plugins/types';

export function canViewInstitution(actor: Actor, institutionId: string): boolean {
  return actor.role === 'admin' && actor.institution.id === institutionId;
}
