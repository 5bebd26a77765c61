// Whose research profile a search is ranked by: the chosen researcher (if the
// caller may act for them), or the caller's own when they are a researcher.
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/types';
import { getResearcherAreasFor } from '../researchers/researchers.service';

export async function resolveProfileAreas(db: Db, actor: Actor, researcherId: string | null) {
  const id = researcherId ?? (actor.role === 'researcher' ? actor.id : null);
  if (!id) return null;
  const researcher = await getResearcherAreasFor(db, actor, id);
  return { name: researcher.name, areas: researcher.researchAreas };
}
