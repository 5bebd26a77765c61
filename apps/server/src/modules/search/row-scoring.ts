// How one candidate grant scores for a search (DESIGN §7, decisions 022-025
// and 030): keyword coverage by field weighted by rarity, phrases, text rank,
// closeness in meaning and the research profile; the ties between equal
// scores; whether a grant is a looser match; whether the profile applies.
import { cosine, dequantize } from '../../lib/embeddings';
import { minStatedAmount, profileMatchPercent } from '../grants/grants.service';
import type { CandidateRow } from './search.repository';
import { clampScore, keywordCoverage, keywordHits, phraseShare, semanticPercent } from './scoring';
import { synonymsOf } from './synonyms';

/** Keyword coverage by field, PostgreSQL text rank and word-embedding similarity (DESIGN §7). */
// Weights chosen on the judged queries (npm run bench:relevance): 0.7/0.3/0 gave MRR@10 0.855 and
// recall@10 0.631; these give 0.862 and 0.645.
const relevanceWeights = { coverage: 0.6, rank: 0.25, semantic: 0.15 };
/**
 * Keyword coverage grows by up to this share when the grant says the query's
 * words together (decision 030: 0.1-0.35 all gave topical nDCG@10 0.749-0.750
 * against 0.744 without, known-item MRR@10 0.86).
 */
const phraseBoost = 0.2;

/**
 * Between equally relevant grants: one still open or forecasted first, then
 * the better informed (a description, an amount of $10 or more).
 */
export function tieBreak(row: CandidateRow) {
  const open = row.status === 'posted' || row.status === 'forecasted' ? 4 : 0;
  return open + (row.description ? 2 : 0) + ((row.award_ceiling ?? 0) >= minStatedAmount ? 1 : 0);
}

export function scorable(row: CandidateRow, withoutAgency = false) {
  return {
    title: row.title,
    researchAreas: row.research_areas ?? [],
    description: row.description,
    programText: row.program_text,
    agency: withoutAgency ? null : row.agency,
    agencyCode: withoutAgency ? null : row.agency_code,
  };
}

/** How close in meaning the grant is to the query, 0-100, or null without vectors. */
export function semanticOf(row: CandidateRow, queryVector: Float32Array | null) {
  if (!queryVector || !row.embedding) return null;
  return semanticPercent(cosine(queryVector, dequantize(row.embedding)));
}

/**
 * Whether a topic search lies outside the research profile: none of the 20
 * grants most relevant to the words shares an area with it. The profile then
 * does not change the order (issue 10: profile ranking on an off-profile topic
 * is turned off, and the answer says so).
 */
export function offProfile(rows: CandidateRow[], context: ScoreContext): boolean {
  const areas = context.profileAreas;
  if (!areas?.length || context.keywords.length === 0) return false;
  const byWords = rows
    .map((row) => ({ row, score: scoreRow(row, { ...context, profileAreas: null }) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 20);
  return !byWords.some(({ row }) => profileMatchPercent(row.research_areas ?? [], areas) > 0);
}

/**
 * How much rarer (by BM25 weight) than the commonest query word the rarest
 * must be to count as the query's specific word (decision 030: 3-7 all gave
 * topical nDCG@10 0.747-0.751 on the judged set, 2 lost the questions 0.02).
 */
const specificRatio = 4;

/**
 * The query's most specific word, when one stands out: the rarest of two or
 * more, `specificRatio` times as rare-weighted as the most common
 * ("pollinator" in "pollinator health"). Null otherwise.
 */
export function specificWord(
  keywords: string[],
  weights: Map<string, number> | null,
): string | null {
  if (!weights || keywords.length < 2) return null;
  const ranked = [...keywords].sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0));
  const top = weights.get(ranked[0]!) ?? 0;
  const bottom = weights.get(ranked[ranked.length - 1]!) ?? 0;
  return top >= specificRatio * bottom && top > 0 ? ranked[0]! : null;
}

/** Whether the grant says the word (or one of its synonyms) in any field. */
export function saysWord(row: CandidateRow, word: string): boolean {
  const hits = keywordHits(scorable(row), [word], synonymsOf);
  return hits.title.length + hits.areas.length + hits.description.length > 0;
}

/** What scoring a row needs of the search, worked out once. */
export type ScoreContext = {
  keywords: string[];
  weights: Map<string, number> | null;
  phrases: RegExp[];
  profileAreas: string[] | null;
  maxRank: number;
  queryVector: Float32Array | null;
  agencyFiltered: boolean;
};

export function scoreRow(row: CandidateRow, c: ScoreContext) {
  const { keywords, weights, phrases, profileAreas, maxRank, queryVector, agencyFiltered } = c;
  const profile = profileAreas?.length
    ? profileMatchPercent(row.research_areas ?? [], profileAreas)
    : null;
  if (keywords.length === 0) return profile ?? 100;
  // With an agency filter every result is that agency's: its name says nothing about the topic.
  const hits = keywordHits(scorable(row, agencyFiltered), keywords, synonymsOf);
  // A pair can be said together only where both words are said at all.
  const said = (k: string) => hits.title.includes(k) || hits.description.includes(k);
  const pairs = phrases.map((_, i) => said(keywords[i]!) && said(keywords[i + 1]!));
  const coverage =
    keywordCoverage(hits, keywords, weights) * (1 + phraseBoost * phraseShare(row, phrases, pairs));
  const textRank = (row.rank / maxRank) * 100;
  const semantic = semanticOf(row, queryVector);
  const relevance =
    semantic === null
      ? 0.7 * coverage + 0.3 * textRank
      : relevanceWeights.coverage * coverage +
        relevanceWeights.rank * textRank +
        relevanceWeights.semantic * semantic;
  return clampScore(profile === null ? relevance : 0.75 * relevance + 0.25 * profile);
}
