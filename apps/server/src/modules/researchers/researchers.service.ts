// Researcher profiles as other modules need them.
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { canActForResearcher } from './researchers.policy';
import {
  findResearcherWithAreas,
  findMatchingProfile,
  findRecommendationCandidates,
  findResearchersOfInstitution,
  findResearchersOutside,
  insertResearcherProfile,
} from './researchers.repository';

export type NewResearcherProfile = {
  about?: string;
  researchSummary?: string;
  location?: string;
  researchAreas?: string[];
  expertise?: string[];
};

export async function createResearcherProfile(db: Db, userId: string, profile: NewResearcherProfile) {
  await insertResearcherProfile(db, {
    userId,
    about: profile.about ?? null,
    researchSummary: profile.researchSummary ?? null,
    location: profile.location ?? null,
    researchAreas: profile.researchAreas ?? [],
    expertise: profile.expertise ?? [],
  });
}

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

/** The researchers of an institution (callers check who may see them). */
export async function listResearchersOfInstitution(db: Db, institutionId: string) {
  const rows = await findResearchersOfInstitution(db, institutionId);
  return rows.map((r) => ({ ...r, researchAreas: r.researchAreas ?? [] }));
}

/** The caller's own research areas (empty for admins and empty profiles). */
export async function getOwnResearchAreas(db: Db, userId: string) {
  const row = await findResearcherWithAreas(db, userId);
  return row?.researchAreas ?? [];
}

/** Active researchers with a profile (every institution), with their publication titles. */
export async function listRecommendationCandidates(db: Db) {
  const rows = await findRecommendationCandidates(db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    title: r.title,
    institution: r.institution,
    researchAreas: r.research_areas ?? [],
    expertise: r.expertise ?? [],
    institutionId: r.institution_id,
    text: [r.research_summary, r.publication_titles].filter(Boolean).join(' '),
    publicationAuthors: r.publication_authors ?? '',
  }));
}

/**
 * What a researcher's own matches are worked out from (suggested grants):
 * research areas, expertise keywords, and the text of the summary and recent
 * publication titles. Null for someone without a researcher profile.
 */
export async function getMatchingProfile(db: Db, userId: string) {
  const row = await findMatchingProfile(db, userId);
  if (!row) return null;
  return {
    researchAreas: row.research_areas ?? [],
    expertise: row.expertise ?? [],
    text: [row.research_summary, row.publication_titles].filter(Boolean).join(' '),
  };
}
