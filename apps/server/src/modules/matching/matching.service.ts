// Recommended collaborators for a grant: researchers at other institutions
// ranked by the seed's formula, each with up to two other suggested grants.
import type { CollaboratorsResponse } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { getOwnResearchAreas, listCollaboratorCandidates } from '../researchers/researchers.service';
import { getGrant } from '../grants/grants.service';
import { findGrantsForAreas } from '../search/search.service';
import { rankCollaborators } from './collaborators';

export async function getCollaborators(
  db: Db,
  viewer: { id: string; institution: { id: string } },
  grantId: string,
): Promise<CollaboratorsResponse> {
  const grant = await getGrant(db, grantId);
  if (!grant) throw new AppError('not_found', 'Grant not found.');
  const [userAreas, candidates] = await Promise.all([
    getOwnResearchAreas(db, viewer.id),
    listCollaboratorCandidates(db, viewer.institution.id),
  ]);
  const top = rankCollaborators(grant.research_areas ?? [], userAreas, candidates);
  const collaborators = await Promise.all(
    top.map(async (c) => ({
      id: c.id,
      name: c.name,
      title: c.title,
      department: c.department,
      institution: c.institution,
      researchAreas: c.researchAreas,
      expertise: c.expertise,
      about: c.about,
      score: c.score,
      complementaryAreas: c.complementaryAreas,
      matchingAreas: c.matchingAreas,
      matchIncrease: c.matchIncrease,
      suggestedGrants: await findGrantsForAreas(db, c.researchAreas, 2, grantId),
    })),
  );
  return { collaborators, viewerHasAreas: userAreas.length > 0 };
}
