// Researcher profiles as other modules need them.
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { canActForResearcher, type Actor } from './researchers.policy';
import { findResearcherWithAreas, findResearchersOutside } from './researchers.repository';

/** The research areas of a researcher the actor may act for; 404 for anyone else. */
export async function getResearcherAreasFor(db: Db, actor: Actor, researcherId: string) {
  const row = await findResearcherWithAreas(db, researcherId);
  if (!row || !canActForResearcher(actor, row)) {
    throw new AppError('not_found', 'No such researcher at your institution.');
  }
  return { id: row.id, name: row.name, researchAreas: row.researchAreas ?? [], expertise: row.expertise ?? [] };
}

export async function listCollaboratorCandidates(db: Db, excludeInstitutionId: string) {
  const rows = await findResearchersOutside(db, excludeInstitutionId);
  return rows.map((r) => ({ ...r, researchAreas: r.researchAreas ?? [], expertise: r.expertise ?? [] }));
}

/** The caller's own research areas (empty for admins and empty profiles). */
export async function getOwnResearchAreas(db: Db, userId: string) {
  const row = await findResearcherWithAreas(db, userId);
  return row?.researchAreas ?? [];
}
