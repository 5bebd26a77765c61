// Recommended researchers (the home page's panel): people the user does not
// talk to yet, ranked by what they have in common and what they add. Pure, so
// hand-worked examples pin it (recommendations.test.ts):
//
//   score = 0.50 × shared + 0.20 × complementary + 0.15 × expertise + 0.15 × text
//
//   shared        = the user's areas the candidate also has / the user's areas
//   complementary = over the candidate's other areas, the best affinity with a
//                   user area (how often they share an open grant), averaged
//   expertise     = shared keywords / the smaller keyword list
//   text          = cosine of the two word-embedding vectors (summary,
//                   publication titles, areas, expertise), below 0 counted as 0
//
// Areas match by the product's rule (research-area-match.ts); keywords by
// lower-case equality. A candidate scoring under 0.05 is not recommended.
import { areaMatches } from '@grantbridge/contract/research-area-match';
import { cosine } from '../../lib/embeddings';

export type RecommendationPerson = {
  id: string;
  name: string;
  researchAreas: string[];
  expertise: string[];
  vector: ArrayLike<number> | null;
};

export type Recommendation<T> = {
  person: T;
  score: number;
  commonInterests: string[];
  mutualConnections: number;
};

export const weights = { shared: 0.5, complementary: 0.2, expertise: 0.15, text: 0.15 } as const;
export const minimumScore = 0.05;

const round = (n: number) => Math.round(n * 1000) / 1000;

export function scorePair(
  user: RecommendationPerson,
  candidate: RecommendationPerson,
  affinity: (a: string, b: string) => number,
) {
  const sharedAreas = user.researchAreas.filter((u) => candidate.researchAreas.some((c) => areaMatches(u, c)));
  const shared = user.researchAreas.length ? sharedAreas.length / user.researchAreas.length : 0;
  const others = candidate.researchAreas.filter((c) => !user.researchAreas.some((u) => areaMatches(u, c)));
  const complementary = others.length
    ? others.reduce((sum, c) => sum + Math.max(0, ...user.researchAreas.map((u) => affinity(u, c))), 0) / others.length
    : 0;
  const mine = new Map(user.expertise.map((k) => [k.trim().toLowerCase(), k]));
  const sharedKeywords = [...new Set(candidate.expertise.map((k) => k.trim().toLowerCase()))].filter((k) => mine.has(k));
  const smaller = Math.min(user.expertise.length, candidate.expertise.length);
  const expertise = smaller ? sharedKeywords.length / smaller : 0;
  const text = user.vector && candidate.vector ? Math.max(0, cosine(user.vector, candidate.vector)) : 0;
  const score =
    weights.shared * shared + weights.complementary * complementary + weights.expertise * expertise + weights.text * text;
  return {
    score: round(score),
    commonInterests: [...sharedAreas, ...sharedKeywords.map((k) => mine.get(k)!)],
  };
}

/** The best `limit` people for the user, not the user and not anyone they already talk to. */
export function recommendPeople<T extends RecommendationPerson>(
  user: RecommendationPerson,
  candidates: T[],
  context: { contacts: Set<string>; mutual: Map<string, number>; affinity: (a: string, b: string) => number },
  limit: number,
): Recommendation<T>[] {
  return candidates
    .filter((c) => c.id !== user.id && !context.contacts.has(c.id))
    .map((person) => ({
      person,
      ...scorePair(user, person, context.affinity),
      mutualConnections: context.mutual.get(person.id) ?? 0,
    }))
    .filter((r) => r.score >= minimumScore)
    .sort(
      (a, b) =>
        b.score - a.score || b.mutualConnections - a.mutualConnections || a.person.name.localeCompare(b.person.name),
    )
    .slice(0, limit);
}
