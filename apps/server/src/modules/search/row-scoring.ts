// How one candidate grant scores for a search (DESIGN §7, decision 042): its
// BM25F match of the query's words scaled to 0-100 (bm25f.ts), closeness in
// meaning at a low weight, and the research profile; the ties between equal
// scores; whether a grant is a looser match; whether the profile applies.
import { quantizedCosine } from '../../lib/embeddings';
import { minStatedAmount, profileMatchPercent } from '../grants/grants.service';
import { scoreDocument, type Matched } from './bm25f';
import type { SearchModel } from './query-model';
import type { CandidateRow } from './search.repository';
import { clampScore, semanticPercent, wordFormsOf } from './scoring';
import { isPlaceWord } from './places';

/** Shares of the word match and of closeness in meaning in a keyword search's relevance (decision 042). */
export const relevanceWeights = { words: 0.9, semantic: 0.1 };
/** A title that says the whole query, in order: a known item ("Research Experiences for Undergraduates") ranks at least this high. */
export const phraseInTitleFloor = 95;

/**
 * Between equally relevant grants: one still open or forecasted first, then
 * the better informed (a description, an amount of $10 or more).
 */
export function tieBreak(row: CandidateRow) {
  const open = row.status === 'posted' || row.status === 'forecasted' ? 4 : 0;
  return open + (row.described ? 2 : 0) + ((row.award_ceiling ?? 0) >= minStatedAmount ? 1 : 0);
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
  return semanticPercent(quantizedCosine(queryVector, row.embedding));
}

/** What scoring a row needs of the search, worked out once. */
export type ScoreContext = {
  keywords: string[];
  search: SearchModel | null;
  profileAreas: string[] | null;
  queryVector: Float32Array | null;
};

/** The grant's BM25F match for the search's words (null for a search without words), worked out once per row. */
export function matchOf(row: CandidateRow & { match?: Matched | null }, search: SearchModel | null): Matched | null {
  if (row.match !== undefined) return row.match;
  if (!search || !search.model.concepts.length) return (row.match = null);
  // The title is checked for the words themselves: one lexeme stands for distinct words ("informal" and
  // "information" are both 'inform'), which are not the same concept. (The description, mostly unread, is not.)
  const title = row.title.toLowerCase();
  const forms = wordFormsFor(search);
  const says = (concept: number, field: number) => field !== 0 || forms[concept]!.some((alt) => alt.every((re) => re.test(title)));
  row.match = scoreDocument({ hits: row.hits, ends: row.field_ends }, search.model, search.averages, undefined, verification.on ? says : undefined);
  return row.match;
}

const formsCache = new WeakMap<SearchModel, RegExp[][][]>();
/** Each concept's ways of saying it as the patterns of their words (scoring.ts's wordFormsOf), once per search. */
function wordFormsFor(search: SearchModel): RegExp[][][] {
  let forms = formsCache.get(search);
  if (!forms) {
    forms = search.model.concepts.map((c) => c.alternatives.map((alt) => alt.label.split(/\s+/).map((w) => wordFormsOf(w.replace(/^~/, '')))));
    formsCache.set(search, forms);
  }
  return forms;
}

/** Checking lexeme matches against the words of the title and description (for measuring without it). */
export const verification = { on: true };

/** 0-100 for the words alone, unrounded: BM25F over its ideal, a title saying the whole query at least `phraseInTitleFloor`. */
export function wordScore(match: Matched | null): number {
  if (!match || match.ideal <= 0) return 0;
  const scaled = Math.min(100, (100 * match.score) / match.ideal);
  return match.phraseInTitle ? Math.max(scaled, phraseInTitleFloor + scaled / 100) : scaled;
}

/** The grant's relevance, 0-100 unrounded (the order), for a search's words, meaning and profile. */
export function relevanceOf(row: CandidateRow, c: ScoreContext): number {
  const profile = c.profileAreas?.length ? profileMatchPercent(row.research_areas ?? [], c.profileAreas) : null;
  // No words and no profile: nothing to match, so no score (not "100 match" for every grant; issue 30).
  if (c.keywords.length === 0) return profile ?? 0;
  const words = wordScore(matchOf(row, c.search));
  const semantic = semanticOf(row, c.queryVector);
  const relevance = semantic === null ? words : relevanceWeights.words * words + relevanceWeights.semantic * semantic;
  return profile === null ? relevance : 0.75 * relevance + 0.25 * profile;
}

/** The score shown, 0-100. */
export function scoreRow(row: CandidateRow, c: ScoreContext) {
  return clampScore(relevanceOf(row, c));
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
    .map((row) => ({ row, score: relevanceOf(row, { ...context, profileAreas: null }) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 20);
  return !byWords.some(({ row }) => profileMatchPercent(row.research_areas ?? [], areas) > 0);
}

/**
 * How much rarer (by BM25 weight) than the commonest query word the rarest
 * must be to count as the query's specific word (decision 030: 3-7 all gave
 * topical nDCG@10 0.747-0.751 on the judged set, 2 lost the questions 0.02).
 */
export const relatedSettings = { specificRatio: 4 };

/**
 * The query's most specific word, when one stands out: the rarest of two or
 * more that is not a place, `specificRatio` times as rare-weighted as the most
 * common ("pollinator" in "pollinator health"). Null otherwise.
 */
export function specificWord(keywords: string[], weights: Map<string, number> | null): string | null {
  if (!weights || keywords.length < 2) return null;
  const ranked = [...keywords].sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0));
  // A place is where, not what ("nursing programs in Texas"): rare in the catalogue, but never the word that must be said.
  const specific = ranked.find((w) => !isPlaceWord(w));
  const top = specific ? (weights.get(specific) ?? 0) : 0;
  const bottom = weights.get(ranked[ranked.length - 1]!) ?? 0;
  return specific && top >= relatedSettings.specificRatio * bottom && top > 0 ? specific : null;
}

/** Whether the grant says the word (one of its ways of saying it) in any field. */
export function saysWord(row: CandidateRow, word: string, search: SearchModel | null): boolean {
  const index = search?.model.concepts.findIndex((c) => c.word === word) ?? -1;
  const match = matchOf(row, search);
  return index >= 0 && match !== null && match.said[index] === true;
}
