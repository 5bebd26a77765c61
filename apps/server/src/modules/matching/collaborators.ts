// The seed's collaborator formula (DESIGN §7), pure so it can be pinned by
// hand-worked examples:
//   score = complementary / grantAreas × 0.6 + matching / grantAreas × 0.4
// An area matches by case-insensitive substring in either direction.
// "matching": grant areas both the user and the candidate have;
// "complementary": grant areas the candidate has and the user lacks.

import { areaMatches } from '@grantbridge/contract/research-area-match';

const has = (areas: string[], area: string) => areas.some((a) => areaMatches(a, area));

export type CollaboratorFit = {
  score: number;
  matchingAreas: string[];
  complementaryAreas: string[];
  /** Points of grant-area coverage the pair gains over the user alone, 0-100. */
  matchIncrease: number;
};

export function scoreCollaborator(grantAreas: string[], userAreas: string[], candidateAreas: string[]): CollaboratorFit {
  if (grantAreas.length === 0) return { score: 0, matchingAreas: [], complementaryAreas: [], matchIncrease: 0 };
  const candidateHas = grantAreas.filter((g) => has(candidateAreas, g));
  const matchingAreas = candidateHas.filter((g) => has(userAreas, g));
  const complementaryAreas = candidateHas.filter((g) => !has(userAreas, g));
  const n = grantAreas.length;
  const score = (complementaryAreas.length / n) * 0.6 + (matchingAreas.length / n) * 0.4;
  return {
    score: Math.round(score * 1000) / 1000,
    matchingAreas,
    complementaryAreas,
    matchIncrease: Math.round((complementaryAreas.length / n) * 100),
  };
}

export type Candidate = { id: string; name: string; researchAreas: string[] };

/** Top `limit` candidates with a score above 0, best first, ties by name. */
export function rankCollaborators<T extends Candidate>(
  grantAreas: string[],
  userAreas: string[],
  candidates: T[],
  limit = 3,
): (T & CollaboratorFit)[] {
  return candidates
    .map((c) => ({ ...c, ...scoreCollaborator(grantAreas, userAreas, c.researchAreas) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit);
}
