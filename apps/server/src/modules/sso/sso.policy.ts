// Who may configure an institution's single sign-on: its own administrators.
import type { Actor } from '../../plugins/types';

export function canConfigureSso(actor: Actor, institutionId: string): boolean {
  return actor.role === 'admin' && actor.institution.id === institutionId;
}
