// Who may invite, list and deactivate an institution's people: that
// institution's administrators, no one else.
import type { Actor } from '../../plugins/types';

export function canManagePeople(actor: Actor, institutionId: string): boolean {
  return actor.role === 'admin' && actor.institution.id === institutionId;
}

/** An administrator changes other people's status, never their own (no locking oneself out). */
export function canChangeStatus(actor: Actor, person: { id: string; institutionId: string }): boolean {
  return canManagePeople(actor, person.institutionId) && actor.id !== person.id;
}
