// Who may see how the shared grant catalogue is kept fresh: any institution's
// administrators (the catalogue is the same for every institution, so there
// is nothing of another institution's to hide); researchers are refused.
import type { Actor } from '../../plugins/types';

export function canReadCatalogueStatus(actor: Actor): boolean {
  return actor.role === 'admin';
}
