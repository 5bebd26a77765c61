// Who may manage an account (change its password, end its sessions): its
// holder, no one else. An administrator of the same institution may not:
// nothing in GrantBridge lets one person act on another's sign-in.
import type { Actor } from '../../plugins/types';

export function canManageAccount(actor: Actor, account: { id: string }): boolean {
  return actor.id === account.id;
}
