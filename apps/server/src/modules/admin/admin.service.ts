// The administrator's institution-wide views; always scoped to the caller's institution.
import type { DirectoryResearcher } from '@grantbridge/contract/admin';
import type { Db } from '../../db/client';
import { listResearchersOfInstitution } from './admin.repository';

export async function listInstitutionResearchers(db: Db, institutionId: string): Promise<DirectoryResearcher[]> {
  const rows = await listResearchersOfInstitution(db, institutionId);
  return rows.map((r) => ({
    ...r,
    lastSignInAt: r.lastSignInAt ? r.lastSignInAt.toISOString() : null,
    researchAreas: r.researchAreas ?? [],
  }));
}
