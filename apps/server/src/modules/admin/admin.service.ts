// The administrator's institution-wide views: only for that institution's administrators.
import type { DirectoryResearcher } from '@grantbridge/contract/admin';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { listResearchersOfInstitution } from '../researchers/researchers.service';
import { canViewInstitution } from './admin.policy';

export async function listInstitutionResearchers(
  db: Db,
  actor: Actor,
  institutionId: string,
): Promise<DirectoryResearcher[]> {
  if (!canViewInstitution(actor, institutionId)) {
    throw new AppError('forbidden', "Only this institution's administrators may see its researchers.");
  }
  const rows = await listResearchersOfInstitution(db, institutionId);
  return rows.map((r) => ({ ...r, lastSignInAt: r.lastSignInAt ? r.lastSignInAt.toISOString() : null }));
}
