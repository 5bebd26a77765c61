// Keyword groups into full-text queries: the words a search wants (each
// follow-up message a group that narrows) and the "-word" exclusions among
// them, cleaned into to_tsquery text; and the pool parts for rare words.
import { eligibilityCodes } from './query-applicants';
import type { ParsedQuery } from './query-parser';
import type { TermRarity } from '../grants/grants.service';
import { rarityWeight } from './scoring';
import { isKnownAcronym, synonymsOf, termQuery } from './synonyms';

/**
 * A message's words as one keyword group: what it is about, then "-word" for
 * each word it leaves out and "@who" for who must be able to apply.
 */
export function keywordGroupOf(
  parsed: Pick<ParsedQuery, 'keywords' | 'exclude' | 'eligibility'> & Partial<Pick<ParsedQuery, 'excludeAgencies'>>,
): string[] {
  return [
    ...parsed.keywords,
    ...parsed.exclude.map((w) => `-${w}`),
    ...parsed.eligibility.map((e) => `@${e}`),
    ...(parsed.excludeAgencies ?? []).map((a) => `!${a.toLowerCase()}`),
  ].slice(0, maxGroupWords);
}

/**
 * What the home's suggestions and a collaborator's suggested grants add to
 * their search (issue 30): open to universities, and not SBIR/STTR, which
 * small businesses lead.
 */
export const leadableOnly = ['@universities', '-sbir', '-sttr'];

/** A message's group holds at most this many words (the assistant's filters take 40). */
export const maxGroupWords = 40;

/** Splits "-word" exclusions, "@who" and "!agency" out of keyword groups (groups left with no wanted word are dropped). */
export function splitExclusions(groups: string[][]): {
  groups: string[][];
  exclude: string[];
  eligibility: string[];
  excludeAgencies: string[];
} {
  const exclude = new Set<string>();
  const eligibility = new Set<string>();
  const excludeAgencies = new Set<string>();
  const wanted: string[][] = [];
  for (const group of groups) {
    for (const w of group) {
      if (w.startsWith('-') && w.length > 1) exclude.add(w.slice(1));
      if (w.startsWith('@') && w.slice(1) in eligibilityCodes) eligibility.add(w.slice(1));
      if (w.startsWith('!') && w.length > 1) excludeAgencies.add(w.slice(1).toUpperCase());
    }
    const words = group.filter((w) => !w.startsWith('-') && !w.startsWith('@') && !w.startsWith('!'));
    if (words.length) wanted.push(words);
  }
  return { groups: wanted, exclude: [...exclude], eligibility: [...eligibility], excludeAgencies: [...excludeAgencies] };
}

/** A query word as the model reads it: letters and digits, a compound keeping its hyphens ("early-career", "k-12"), never joined into one word. */
export const sanitize = (word: string) =>
  word.toLowerCase().replace(/[^a-z0-9-]/g, '').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '');

export type Groups = string[][];

export function cleanGroups(groups: Groups): Groups {
  return groups
    .map((g) => [...new Set(g.map(sanitize).filter((w) => w.length > 1))])
    .filter((g) => g.length > 0);
}

/** A query word as to_tsquery text: the word, or the word or one of its synonyms. */
export function conceptQuery(word: string): string {
  const terms = synonymsOf(word)
    .map(termQuery)
    .filter((t) => t && t !== word);
  return terms.length ? `(${[word, ...new Set(terms)].join(' | ')})` : word;
}

/** A word as to_tsquery text: the word itself, or every way of saying it (query-model.ts). */
export type ConceptOf = (word: string) => string;

/** Whether the whole text is one parenthesised group ("(a | b)", not "(a) | (b)"). */
function isOneGroup(q: string) {
  if (!q.startsWith('(') || !q.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < q.length; i++) {
    depth += q[i] === '(' ? 1 : q[i] === ')' ? -1 : 0;
    if (depth === 0 && i < q.length - 1) return false;
  }
  return true;
}

const wrapped = (q: string) => (/^[a-z0-9]+$/.test(q) || isOneGroup(q) ? q : `(${q})`);

/** Every keyword (of every group) must appear. */
export function strictQuery(groups: Groups, concept: ConceptOf = conceptQuery): string | null {
  const words = [...new Set(groups.flat())];
  return words.length ? words.map((w) => wrapped(concept(w))).join(' & ') : null;
}

/** Some keyword of each group must appear (each follow-up message narrows). */
export function relaxedQuery(groups: Groups, concept: ConceptOf = conceptQuery): string | null {
  const clauses = groups.map((g) => `(${g.map((w) => wrapped(concept(w))).join(' | ')})`);
  return clauses.length ? clauses.join(' & ') : null;
}

export function anyQuery(groups: Groups, concept: ConceptOf = conceptQuery): string | null {
  const words = [...new Set(groups.flat())];
  return words.length ? words.map((w) => wrapped(concept(w))).join(' | ') : null;
}

/**
 * The words a profile-only search retrieves by: three letters or more, or a
 * known two-letter acronym ("AI", "ML"), as a typed query keeps them. Without
 * the acronyms, a profile of "AI" alone retrieved nothing and paged through
 * the whole catalogue in date order, its first page often empty (issue 30).
 */
export function areaWords(areas: string[]) {
  return [
    ...new Set(
      areas
        .flatMap((a) => a.toLowerCase().split(/[^a-z0-9]+/))
        .filter((w) => w.length > 2 || (w.length === 2 && isKnownAcronym(w))),
    ),
  ];
}

export const poolLimits = { strict: 200, title: 240, relaxed: 120, areas: 500, rare: 200, phrase: 50 };
/** Words held by at most `poolLimits.rare` grants each bring all their matches into the pool, the rarest few. */
const rareWordsPooled = 3;

/** Each keyword's weight by rarity, or null before the catalogue has statistics. */
export function rarityWeights(
  keywords: string[],
  rarity: TermRarity | null,
): Map<string, number> | null {
  if (!rarity) return null;
  return new Map(
    keywords.map((k) => [k, rarityWeight(rarity.docs.get(sanitize(k)) ?? 0, rarity.grants)]),
  );
}

/**
 * Pool parts for the query's rare words: each such word alone in its group
 * (the other groups still required), so a grant holding the one specific word
 * ("pollinator") is ranked even when thousands match the common ones ("health").
 */
export function rareWordParts(groups: Groups, rarity: TermRarity | null, concept: ConceptOf = conceptQuery) {
  if (!rarity) return [];
  const rare = [...new Set(groups.flat())]
    .map((word) => ({ word, docs: rarity.docs.get(word) ?? 0 }))
    .filter((w) => w.docs > 0 && w.docs <= poolLimits.rare)
    .sort((a, b) => a.docs - b.docs || a.word.localeCompare(b.word))
    .slice(0, rareWordsPooled);
  return rare.map(({ word }) => ({
    tsquery: groups
      .map((g) => (g.includes(word) ? `(${concept(word)})` : `(${g.map((w) => wrapped(concept(w))).join(' | ')})`))
      .join(' & '),
    limit: poolLimits.rare,
  }));
}

/**
 * The words that retrieve: each group without the words most of the catalogue
 * holds (more than `commonShare` of its grants: "health" in "veterans mental
 * health"), unless nothing else is left in the group. Such a word still counts
 * in the score of what the others retrieve; retrieving by it alone only fills
 * the list with grants that say nothing else of the query, and its index
 * bitmap is most of a search's cost on a large catalogue.
 */
export function retrievalGroups(groups: Groups, rarity: TermRarity | null): Groups {
  if (!rarity || rarity.grants === 0) return groups;
  const limit = commonShare * rarity.grants;
  return groups.map((group) => {
    const telling = group.filter((word) => (rarity.docs.get(word) ?? 0) <= limit);
    return telling.length ? telling : group;
  });
}

/** Decision 030: 0.1–0.3 left the judged sets unchanged (0.1 cost topical 0.004); 0.15 took PGlite p95 at 100,000 grants from 51–53 to 43 ms. */
export const commonShare = 0.15;

/** Whether every word of every group is one most of the catalogue holds (`commonShare`). */
export function onlyCommonWords(groups: Groups, rarity: TermRarity | null): boolean {
  if (!rarity || rarity.grants === 0 || groups.length === 0) return false;
  return groups.every((group) => group.every((word) => (rarity.docs.get(word) ?? 0) > commonShare * rarity.grants));
}

/**
 * A word held by more grants than this is left out of the count (and of the
 * handful of arbitrary matches it adds to the pool) when the rest of its group
 * can stand in: its index bitmap alone, a hundred thousand entries on a
 * 1,000,000-grant catalogue, costs more than the whole rest of a search, and a
 * slice of its matches cut without order says nothing (decision 032). It still
 * narrows (all keywords), retrieves in titles, and scores. Far more than the
 * pool can hold (`countCap`, 1,000), so such a search is "at least" as many.
 */
export const countedWordDocsMax = 20_000;

/** `groups` without the words `countedWordDocsMax` leaves out (a group of nothing else keeps its rarest), and whether any was. */
export function countingGroups(groups: Groups, rarity: TermRarity | null): { groups: Groups; narrowed: boolean } {
  if (!rarity) return { groups, narrowed: false };
  let narrowed = false;
  const counted = groups.map((group) => {
    const docs = (word: string) => rarity.docs.get(word) ?? 0;
    let kept = group.filter((word) => docs(word) <= countedWordDocsMax);
    // Every word that common: the rarest stands in for the group.
    if (kept.length === 0) kept = [[...group].sort((a, b) => docs(a) - docs(b) || a.localeCompare(b))[0]!];
    if (kept.length === group.length) return group;
    narrowed = true;
    return kept;
  });
  return { groups: counted, narrowed };
}

/**
 * The profile areas a profile-only search retrieves by: those listed by at
 * most `countedWordDocsMax` grants, or the rarest one when every area is that
 * common ("Public Health", a third of a large catalogue). A few hundred rows
 * cut without order from hundreds of thousands say nothing of the profile,
 * and that bitmap alone costs more than the rest of the search (decision 032).
 */
export function retrievalAreas(areas: string[], counts: Map<string, number> | null): string[] {
  if (!counts) return areas;
  const docs = (area: string) => counts.get(area) ?? 0;
  const kept = areas.filter((area) => docs(area) <= countedWordDocsMax);
  if (kept.length) return kept;
  return [[...areas].sort((a, b) => docs(a) - docs(b) || a.localeCompare(b))[0]!];
}
