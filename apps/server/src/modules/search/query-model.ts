// A query's words as BM25F concepts (decision 042): each word with the other
// ways the catalogue says it (the synonyms table, acronyms the catalogue
// defines itself in both directions, and, at a low weight, words close in
// meaning that the catalogue uses), misspellings corrected to the
// catalogue's words, each word's rarity, and which neighbouring words the
// catalogue uses as one term. Also each word's full-text query for
// retrieval. Reads the database twice (mined facts, then lexemes and their
// statistics) and the cached vocabulary.
import type { Db } from '../../db/client';
import { cosine, embedText, isKnownWord, nearestWords } from '../../lib/embeddings';
import { pairAssociation, stemOf, type TermRarity } from '../grants/grants.service';
import { fieldNames, inverseDocumentFrequency, type Alternative, type Concept, type ConceptPair, type QueryModel } from './bm25f';
import { findLexemeStats, findQueryFacts, type LexemeRow, type VocabularyFacts } from './query-facts.repository';
import { catalogueVocabulary, correctionFor } from './spelling';
import { countriesOf } from './regions';
import { isKnownAcronym, synonymsOf } from './synonyms';

export type ModelOptions = {
  /** Words close in meaning (word vectors) as low-weight alternatives. */
  neighbours: boolean;
};

export const modelSettings = {
  synonymWeight: 0.9,
  acronymWeight: 0.9,
  /** A country said for its continent ("Kenya" for "Africa"). */
  countryWeight: 0.8,
  /** An acronym found for words of the query ("major research instrumentation" → MRI): a bonus concept at this weight. */
  acronymBonus: 0.5,
  /** A neighbour in meaning counts this much times its similarity. */
  neighbourWeight: 0.3,
  neighbourMin: 0.7,
  neighbours: 3,
  /** Neighbours are looked for only for words in fewer grants than this. */
  neighboursBelowDocs: 3,
  /** A pair is a unit of the catalogue's language above this pointwise mutual information (ln 8: eight times chance). */
  unitPmi: Math.log(8),
  /** …or when it is at least this share of the rarer word's documents ("deep learning": a tenth of "deep"). */
  unitShare: 0.1,
  /** An acronym's expansions that fit the other query words nearly as well as the best (cosine) are kept. */
  expansionFitMargin: 0.1,
};

export type SearchModel = {
  model: QueryModel;
  /** Every lexeme any concept looks for: the grant's positions of these are read. */
  lexemes: string[];
  /** Each word's full-text query (the word or another way of saying it), for retrieval. */
  conceptQueries: Map<string, string>;
  /** Misspelled words and what they were read as. */
  corrections: { from: string; to: string }[];
  /** The keyword groups with corrections applied. */
  groups: string[][];
  rarity: TermRarity | null;
  /** Average field lengths, in fieldNames' order. */
  averages: number[];
};

const sanitizeTerm = (text: string) => text.toLowerCase().replace(/[^a-z0-9 -]+/g, ' ').replace(/\s+/g, ' ').trim();

/** A text as to_tsquery text for retrieval: one word, or all of its words. */
export function retrievalTerm(text: string): string {
  const words = text.split(/[^a-z0-9]+/).filter(Boolean);
  return words.length > 1 ? `(${words.join(' & ')})` : (words[0] ?? '');
}

/** Contiguous runs of 2 to 6 words of each group, as texts (an acronym's expansion may be one of them). */
function spansOf(groups: string[][]) {
  const spans: { text: string; group: number; start: number; end: number }[] = [];
  groups.forEach((g, group) => {
    for (let start = 0; start < g.length; start++)
      for (let end = start + 2; end <= Math.min(g.length, start + 6); end++)
        spans.push({ text: g.slice(start, end).join(' '), group, start, end });
  });
  return spans;
}

/**
 * The expansions an acronym stands for in the catalogue, when the word is
 * used there as an acronym: with other words in the query, the expansions
 * closest in meaning to them ("AI and machine learning": artificial
 * intelligence, not American Indian); alone, the commonest.
 */
function expansionsOf(word: string, facts: VocabularyFacts, context: Float32Array | null): string[] {
  if (synonymsOf(word).length) return [];
  const capitals = facts.capitals.get(word) ?? 0;
  const asWord = facts.words.get(word) ?? 0;
  if (capitals < 1 || capitals < 0.3 * asWord) return [];
  const all = (facts.expansions.get(word) ?? []).sort((a, b) => b.docs - a.docs || a.expansion.localeCompare(b.expansion));
  const best = all[0]?.docs ?? 0;
  const common = all.filter((e) => e.docs >= Math.max(1, 0.25 * best)).slice(0, 5);
  if (!context || common.length < 2) return common.slice(0, 3).map((e) => e.expansion);
  const fit = common.map((e) => {
    const v = embedText(e.expansion);
    return { e, fit: v ? cosine(v, context) : -1 };
  });
  const top = Math.max(...fit.map((f) => f.fit));
  return fit.filter((f) => f.fit >= top - modelSettings.expansionFitMargin).slice(0, 3).map((f) => f.e.expansion);
}

/**
 * The other number of an activity code or a known acronym ("R01s" and "R01",
 * "NGOs" and "NGO"): the stemmer keeps such plurals apart ('r01s', 'r01'), so
 * each says the other as itself.
 */
export function otherNumberOf(word: string): string | null {
  if (/^[a-z]\d{2}$/.test(word)) return `${word}s`;
  if (/^[a-z]\d{2}s$/.test(word)) return word.slice(0, -1);
  if (word.length > 2 && word.endsWith('s') && !synonymsOf(word).length && isKnownAcronym(word.slice(0, -1))) return word.slice(0, -1);
  return null;
}

/** A hyphenated word's words apart ("early-career": "early career"), or null for a word without a hyphen. */
export function wordsApart(word: string): string | null {
  const parts = word.split('-').filter(Boolean);
  return parts.length > 1 ? parts.join(' ') : null;
}

export async function buildSearchModel(db: Db, inputGroups: string[][], options: ModelOptions): Promise<SearchModel> {
  // Misspellings first: every later step reads the corrected words.
  const vocabulary = await catalogueVocabulary(db);
  const corrections: { from: string; to: string }[] = [];
  const groups = inputGroups.map((g) =>
    g.map((word) => {
      if (synonymsOf(word).length) return word;
      const to = vocabulary.docs.size ? correctionFor(word, vocabulary) : null;
      if (!to) return word;
      if (!corrections.some((c) => c.from === word)) corrections.push({ from: word, to });
      return to;
    }),
  ).map((g) => [...new Set(g)]);
  const words = [...new Set(groups.flat())];

  const stems = words.map((w) => stemOf(w));
  const pairKeys = groups.flatMap((g) => g.slice(1).map((w, i) => `${stemOf(g[i]!)} ${stemOf(w)}`));
  const spans = spansOf(groups);
  // One round trip for what the vocabulary says and the lexemes of the words and their synonyms;
  // a second only for other ways of saying them found on the way (acronyms, neighbours).
  const upfront = [...new Set(words.flatMap((w) => [w, ...synonymsOf(w).map(sanitizeTerm)]))];
  const first = await findQueryFacts(db, {
    grams: [...new Set([...stems, ...pairKeys])],
    acronyms: words,
    phrases: [...new Set(spans.map((s) => s.text))],
    words,
    texts: upfront,
  });
  const facts = first.facts;

  // Each word's alternatives as texts; lexemes come for all texts at once.
  type Pending = { text: string; weight: number; label: string };
  const pending = new Map<string, Pending[]>();
  for (const word of words) {
    const alts: Pending[] = [{ text: word, weight: 1, label: word }];
    for (const term of synonymsOf(word)) alts.push({ text: sanitizeTerm(term), weight: modelSettings.synonymWeight, label: term });
    const other = otherNumberOf(word);
    if (other && !alts.some((a) => a.text === other)) alts.push({ text: other, weight: 1, label: other });
    // A compound is also its words side by side: "early-career" is said "Early Career" too, and "Hispanic Serving".
    const apart = wordsApart(word);
    if (apart) alts.push({ text: apart, weight: 1, label: apart });
    // A continent is said as its countries ("africa": "Zimbabwe's programs for HIV prevention").
    for (const country of countriesOf(word))
      if (!alts.some((a) => a.text === country)) alts.push({ text: country, weight: modelSettings.countryWeight, label: country });
    const others = words.filter((w) => w !== word).join(' ');
    for (const expansion of expansionsOf(word, facts, others ? embedText(others) : null))
      if (!alts.some((a) => a.text === expansion)) alts.push({ text: expansion, weight: modelSettings.acronymWeight, label: expansion });
    // Only for a word the catalogue rarely says: elsewhere a neighbour in meaning is more often a sibling
    // ("kidney" → "liver", "malaria" → "tuberculosis") than the same thing said another way.
    if (options.neighbours && isKnownWord(word) && (vocabulary.docs.get(word) ?? 0) < modelSettings.neighboursBelowDocs) {
      for (const n of nearestWords(word, 8, modelSettings.neighbourMin)) {
        if (alts.filter((a) => a.label.startsWith('~')).length >= modelSettings.neighbours) break;
        if (stemOf(n.word) === stemOf(word) || !vocabulary.docs.has(n.word) || alts.some((a) => a.text === n.word)) continue;
        alts.push({ text: n.word, weight: modelSettings.neighbourWeight * n.similarity, label: `~${n.word}` });
      }
    }
    pending.set(word, alts);
  }
  // Words of the query that spell out an acronym the catalogue uses: the acronym is a bonus concept.
  const bonuses: { acronym: string; words: string[] }[] = [];
  for (const span of spans) {
    const acronym = (facts.acronymsOf.get(span.text) ?? []).sort((a, b) => b.docs - a.docs)[0]?.acronym;
    if (acronym && !words.includes(acronym) && !bonuses.some((b) => b.acronym === acronym))
      bonuses.push({ acronym, words: groups[span.group]!.slice(span.start, span.end) });
  }

  const texts = [...new Set([...[...pending.values()].flat().map((a) => a.text), ...bonuses.map((b) => b.acronym)])];
  const extra = texts.filter((t) => !upfront.includes(t));
  const more = extra.length ? await findLexemeStats(db, extra) : null;
  const grants = first.grants;
  const lexemesOf = new Map<string, { lexeme: string; position: number; docs: number }[]>();
  const rows: [string, LexemeRow][] = [
    ...first.lexemes.map((r): [string, LexemeRow] => [upfront[r.i]!, r]),
    ...(more?.lexemes ?? []).map((r): [string, LexemeRow] => [extra[r.i]!, r]),
  ];
  for (const [text, row] of rows) {
    const list = lexemesOf.get(text) ?? [];
    list.push({ lexeme: row.lexeme, position: Math.min(...row.positions), docs: row.docs });
    lexemesOf.set(text, list);
  }
  const alternativeOf = (text: string, weight: number, label: string, singleWord: boolean): (Alternative & { docs: number }) | null => {
    const found = [...(lexemesOf.get(text) ?? [])].sort((a, b) => a.position - b.position || a.lexeme.localeCompare(b.lexeme));
    if (found.length === 0) return null;
    // A single word is its first lexeme ("covid-19", not also "covid" and "19").
    const used = singleWord ? [found[0]!] : found;
    const first = used[0]!.position;
    return {
      lexemes: used.map((l) => l.lexeme),
      offsets: used.map((l) => l.position - first),
      weight,
      label,
      // A phrase is in at most as many grants as its rarest word.
      docs: Math.min(...used.map((l) => l.docs)),
    };
  };

  const idf = (docs: number) => (grants > 0 ? inverseDocumentFrequency(docs, grants) : 1);
  const conceptIndex = new Map<string, number>();
  const concepts: Concept[] = [];
  const conceptQueries = new Map<string, string>();
  const rarityDocs = new Map<string, number>();
  // Each word's own lexemes: another word's way of saying it that is a word of the query counts once, as
  // that word ("elderly care and aging": "aging" is not also "elderly" said another way).
  const ownLexemes = new Set(words.flatMap((w) => alternativeOf(w, 1, w, !w.includes(' '))?.lexemes.join(' ') ?? []));
  for (const word of words) {
    const continentCountries = countriesOf(word);
    const alts = pending
      .get(word)!
      .flatMap((p) => alternativeOf(p.text, p.weight, p.label, !p.text.includes(' ')) ?? [])
      .filter((a) => a.label === word || !ownLexemes.has(a.lexemes.join(' ')));
    const own = alts.find((a) => a.label === word);
    // Singular and plural of a code are one word, and a compound with or without its hyphen: as rare as the commoner.
    const sameWord = alts.filter((a) => a.label === otherNumberOf(word) || a.label === wordsApart(word));
    const ownDocs = Math.max(own?.docs ?? 0, ...sameWord.map((a) => a.docs));
    rarityDocs.set(word, ownDocs);
    // Retrieved by any way of saying it, and by the acronym of a span it is part of ("MRI" for "major research instrumentation").
    // A continent's countries score but do not retrieve: sixty more terms to look up cost more than they find,
    // since the question's other words retrieve the grants that name a country.
    const countries = new Set(continentCountries);
    const spelled = pending
      .get(word)!
      .filter((p) => !countries.has(p.text) && alternativeOf(p.text, 1, '', false))
      .map((p) => retrievalTerm(p.text));
    const acronyms = bonuses.filter((b) => b.words.includes(word) && alternativeOf(b.acronym, 1, '', true)).map((b) => b.acronym);
    conceptQueries.set(word, [...new Set([...spelled, ...acronyms])].join(' | ') || word);
    if (alts.length === 0) continue;
    // A word the catalogue never says weighs as its commonest other way of saying it.
    // A continent is as common as all the countries that say it: a place, not the topic ("agriculture in Africa").
    const docs = continentCountries.length
      ? Math.min(grants, alts.reduce((sum, a) => sum + a.docs, 0))
      : ownDocs > 0
        ? ownDocs
        : Math.max(0, ...alts.map((a) => a.docs));
    conceptIndex.set(word, concepts.length);
    concepts.push({ word, alternatives: alts.map(({ docs: _d, ...a }) => a), idf: idf(docs), weight: 1 });
  }
  for (const { acronym } of bonuses) {
    const found = alternativeOf(acronym, 1, acronym, true);
    if (!found) continue;
    const { docs, ...alternative } = found;
    concepts.push({ word: acronym, alternatives: [alternative], idf: idf(docs), weight: modelSettings.acronymBonus });
  }

  const pairs: ConceptPair[] = [];
  for (const g of groups) {
    for (let i = 0; i + 1 < g.length; i++) {
      const first = conceptIndex.get(g[i]!);
      const second = conceptIndex.get(g[i + 1]!);
      if (first === undefined || second === undefined) continue;
      const a = stemOf(g[i]!);
      const b = stemOf(g[i + 1]!);
      const together = facts.grams.get(`${a} ${b}`);
      const pmi = pairAssociation(together, facts.grams.get(a), facts.grams.get(b), facts.documents);
      // A unit: together far more often than chance, or the pair is a good share of either word's uses.
      const share = together ? together / Math.max(1, Math.min(facts.grams.get(a) ?? 1, facts.grams.get(b) ?? 1)) : 0;
      const unit = pmi !== null && (pmi >= modelSettings.unitPmi || share >= modelSettings.unitShare);
      // Said together in this many grants (scaled from the mined sample), or rarer than either word when unseen.
      const pairIdf =
        together && facts.documents > 0 && grants > 0
          ? idf(Math.round((together / facts.documents) * grants))
          : Math.max(concepts[first]!.idf, concepts[second]!.idf);
      pairs.push({ first, second, unit, idf: pairIdf });
    }
  }
  const lexemes = [...new Set(concepts.flatMap((c) => c.alternatives.flatMap((a) => a.lexemes)))];
  return {
    model: { concepts, pairs },
    lexemes,
    conceptQueries,
    corrections,
    groups,
    rarity: grants > 0 ? { grants, docs: rarityDocs } : null,
    averages: fieldNames.map((f) => Number(first.averages[f] ?? 0)),
  };
}
