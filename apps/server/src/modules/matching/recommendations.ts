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
// lower-case equality. Recommended (issue 30, item 1) are only people
//   - at another institution than the user's (the README's and the seed's
//     promise: partners elsewhere; colleagues are in the directory),
//   - with a reason that can be said: an area or keyword in common, an area
//     of theirs that shares open grants with one of the user's
//     (affinity ≥ 0.2: "complementary"), or a publication written together,
//   - scoring at least 0.05; a co-author counts as +0.2 (the text alone,
//     which says nothing a person can check, recommends no one).
import { areaMatches } from '@grantbridge/contract/research-area-match';
import { cosine } from '../../lib/embeddings';

export type RecommendationPerson = {
  id: string;
  name: string;
  researchAreas: string[];
  expertise: string[];
  vector: ArrayLike<number> | null;
  /** Left out: people of the user's own institution. */
  institutionId?: string;
  /** The authors of their publications, as written ("Ellery, J.; Okafor, A."). */
  publicationAuthors?: string;
};

export type Recommendation<T> = {
  person: T;
  score: number;
  commonInterests: string[];
  /** Their areas the user lacks that often share an open grant with one of the user's. */
  complementaryAreas: string[];
  /** One of them lists the other among a publication's authors. */
  coAuthor: boolean;
  mutualConnections: number;
};

export const weights = { shared: 0.5, complementary: 0.2, expertise: 0.15, text: 0.15, coAuthor: 0.2 } as const;
export const minimumScore = 0.05;
/** An area of theirs counts as complementary, and is named, from this affinity with one of the user's. */
export const complementaryAffinity = 0.2;

const titles = /^(?:dr|prof|professor|mr|mrs|ms|mx)\.?$/i;

/** Whether `name` ("Dr. Jordan Ellery") is among the authors ("Ellery, J.; Okafor, A. and J. Smith"). */
export function namedAmongAuthors(authors: string, name: string): boolean {
  const words = name.split(/\s+/).filter((w) => w && !titles.test(w));
  if (words.length < 2 || !authors) return false;
  const family = words[words.length - 1]!.toLowerCase();
  const given = words[0]!.toLowerCase();
  return authors
    .split(/;|\band\b|&/i)
    .map((a) => a.toLowerCase().split(/[^\p{L}'-]+/u).filter(Boolean))
    .some((parts) => parts.includes(family) && parts.some((p) => p !== family && (p === given || p === given[0])));
}

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
  const complementaryAreas = others.filter((c) => user.researchAreas.some((u) => affinity(u, c) >= complementaryAffinity));
  const coAuthor =
    namedAmongAuthors(user.publicationAuthors ?? '', candidate.name) || namedAmongAuthors(candidate.publicationAuthors ?? '', user.name);
  const score =
    weights.shared * shared +
    weights.complementary * complementary +
    weights.expertise * expertise +
    weights.text * text +
    (coAuthor ? weights.coAuthor : 0);
  return {
    score: round(score),
    commonInterests: [...sharedAreas, ...sharedKeywords.map((k) => mine.get(k)!)],
    complementaryAreas,
    coAuthor,
  };
}

/**
 * The best `limit` people for the user: not the user, not anyone they already
 * talk to, not at the user's institution, each with a reason to give.
 */
export function recommendPeople<T extends RecommendationPerson>(
  user: RecommendationPerson,
  candidates: T[],
  context: { contacts: Set<string>; mutual: Map<string, number>; affinity: (a: string, b: string) => number },
  limit: number,
): Recommendation<T>[] {
  return candidates
    .filter((c) => c.id !== user.id && !context.contacts.has(c.id))
    .filter((c) => !user.institutionId || c.institutionId !== user.institutionId)
    .map((person) => ({
      person,
      ...scorePair(user, person, context.affinity),
      mutualConnections: context.mutual.get(person.id) ?? 0,
    }))
    .filter((r) => r.score >= minimumScore && (r.commonInterests.length > 0 || r.complementaryAreas.length > 0 || r.coAuthor))
    .sort(
      (a, b) =>
        b.score - a.score || b.mutualConnections - a.mutualConnections || a.person.name.localeCompare(b.person.name),
    )
    .slice(0, limit);
}
