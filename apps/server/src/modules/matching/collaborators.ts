// The seed's collaborator formula (DESIGN §7), pure so it can be pinned by
// hand-worked examples:
//   score = complementary / grantAreas × 0.6 + matching / grantAreas × 0.4
// An area matches by case-insensitive substring in either direction.
// "matching": grant areas both the user and the candidate have;
// "complementary": grant areas the candidate has and the user lacks.
// Both are counted by the grant's areas and named by the candidate's own.

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
  const matching = candidateHas.filter((g) => has(userAreas, g));
  const complementary = candidateHas.filter((g) => !has(userAreas, g));
  const n = grantAreas.length;
  const score = (complementary.length / n) * 0.6 + (matching.length / n) * 0.4;
  // Counted by the grant's areas, named by the candidate's own: a candidate who lists "ecology" brings
  // "ecology", not the grant's "Forest Ecology", which she does not list (issue 30, item 8).
  const named = (counted: string[]) => candidateAreas.filter((c) => counted.some((g) => areaMatches(c, g)));
  const complementaryAreas = named(complementary);
  return {
    score: Math.round(score * 1000) / 1000,
    matchingAreas: named(matching).filter((c) => !complementaryAreas.includes(c)),
    complementaryAreas,
    matchIncrease: Math.round((complementary.length / n) * 100),
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
