// What search learns from the catalogue's own text, mined by the importer
// (decision 042) rather than written by hand:
// - words as written and in how many documents, so a misspelled query word
//   can be corrected to a word the catalogue uses ("schizofrenia");
// - Porter stems and adjacent stem pairs and in how many documents, so a
//   query's word pair can be told to be a unit of the catalogue's language
//   ("deep learning", "green chemistry": together far more often than chance);
// - acronyms the catalogue defines itself, "Major Research Instrumentation
//   (MRI)", read back from the parenthesis, each capital a word's initial, and in how
//   many documents each acronym is written in capitals.
// Pure: the repository feeds documents in and stores what comes out. Pairs
// are counted in two passes, the first into a fixed-size table of hashed
// counters, so memory stays bounded however large the sample.
import { stemmer } from 'stemmer';

/** English function words: never half of a collocation, skipped when a query is read. */
export const functionWords = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have having
  he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
  nor not now of off on once only or other our ours ourselves out over own same she should so some such than
  that the their theirs them themselves then there these they this those through to too under until up very
  was we were what when where which while who whom why will with would you your yours yourself yourselves
  may must shall via per within without among across upon`.split(/\s+/),
);

/**
 * Words a search never takes for its topic: function words, and the words of
 * asking for funding ("grants", "looking", "deadlines", "helping"). The query
 * parser drops them; an acronym's expansion is keyed without them, so a query
 * finds it by the words it keeps ("major instrumentation" for "Major Research
 * Instrumentation").
 */
export const searchStopWords = new Set(
  `a about above after again against all also am an and any are aren as at be because been before being
  below between both but by can could did do does doing down during each few for from further had has have
  having he her here hers herself him himself his how i if in into is it its itself just let me more most my
  myself no nor not now of off on once only or other our ours ourselves out over own same she should so some
  such than that the their theirs them themselves then there these they this those through to too under
  until up very was we were what when where which while who whom why will with would you your yours yourself
  yourselves grant grants funding fund funds opportunity opportunities find show looking look want need
  search please program programs programme programmes project projects get give list any some available open new related relating regarding
  anything something like etc per via within research researcher researchers worth ones dollars dollar usd still
  currently apply applying eligible interested seeking
  which whose help helps helping helped deadline deadlines due money federal finance financing fund funded funder
  funders funds offer offers offered offering provide provides providing deal deals dealing there exclude excluding
  something anyone someone options option anywhere whatever kind kinds type types sort apply available out
  coming upcoming ahead much among amongst across around amid amidst alongside onto versus toward towards upon throughout whether especially particularly
  specifically preferred preferably`.split(/\s+/),
);

/** An expansion as a query's words would come: without search stop words, nor words of two letters or less. */
export function expansionKey(expansion: string): string {
  return expansion
    .split(' ')
    .filter((w) => w.length > 2 && !searchStopWords.has(w))
    .join(' ');
}

const stemCache = new Map<string, string>();
/** A word's Porter stem, cached (a catalogue repeats its words). */
export function stemOf(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = stemmer(word.toLowerCase());
    if (stemCache.size > 200_000) stemCache.clear();
    stemCache.set(word, s);
  }
  return s;
}

/** Lower-case words of letters (digits and other characters split them), in order. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
}

/** A word, or a run of the characters that end a clause (punctuation ends a pair). */
const tokenPattern = /[a-z]+(?:'[a-z]+)?|[.,;:!?()[\]{}"\n\r\t|/]+/g;

/**
 * One pass over a text for mining: each word (into `words` when given), and
 * the stems and adjacent pairs gramsOf gives. The text is lower-cased once
 * and read once, clause ends included, rather than split into clauses first.
 */
function scanText(text: string, words: Set<string> | null) {
  const stems = new Set<string>();
  const pairs = new Set<string>();
  const lower = text.toLowerCase();
  tokenPattern.lastIndex = 0;
  let previous: string | null = null;
  for (let m = tokenPattern.exec(lower); m !== null; m = tokenPattern.exec(lower)) {
    const word = m[0];
    const first = word.charCodeAt(0);
    if (first < 97 || first > 122) {
      previous = null;
      continue;
    }
    words?.add(word);
    if (word.length < 2 || functionWords.has(word)) {
      previous = null;
      continue;
    }
    const stem = stemOf(word);
    stems.add(stem);
    if (previous !== null) pairs.add(`${previous} ${stem}`);
    previous = stem;
  }
  return { stems, pairs };
}

/**
 * The stems of a text, and the key of each adjacent pair of words neither of
 * which is a function word, within a clause (punctuation ends a pair).
 */
export function gramsOf(text: string): { stems: Set<string>; pairs: Set<string> } {
  return scanText(text, null);
}

const acronymShape = /^[A-Za-z][A-Za-z0-9&-]{1,9}$/;

/**
 * The acronyms a text defines, "Long Form Words (LFW)", as [acronym,
 * expansion] in lower case. Like Schwartz and Hearst's algorithm (2003) the
 * long form is read backwards from the parenthesis, but stricter: each
 * capital of the acronym must be the first letter of one content word, in
 * order ("Established Program to Stimulate Competitive Research (EPSCoR)",
 * "Research and Development (R&D)"), so letters from inside words ("Health
 * Care (HHC)") make no expansion. Kept without function words, as a query's
 * words come.
 */
export function acronymsDefinedIn(text: string): [string, string][] {
  const found: [string, string][] = [];
  for (const m of text.matchAll(/\(\s*([^()\s]{2,10})\s*\)/g)) {
    const short = m[1]!;
    const capitals = short.replace(/[^A-Z]/g, '').toLowerCase();
    if (!acronymShape.test(short) || capitals.length < 2) continue;
    const before = text.slice(Math.max(0, m.index! - 200), m.index!).split(/[.;:!?()\n]/).pop() ?? '';
    const words = wordsOf(before.replace(/-/g, ' '));
    const content: string[] = [];
    for (let i = words.length - 1; i >= 0 && content.length < capitals.length; i--) {
      if (!functionWords.has(words[i]!)) content.unshift(words[i]!);
    }
    if (content.length === capitals.length && content.map((w) => w[0]).join('') === capitals)
      found.push([short.toLowerCase().replace(/[^a-z0-9]/g, ''), content.join(' ')]);
  }
  return found;
}

/** Acronym-looking tokens as written in a text ("MRI", "EPSCoR"), lower-cased. */
export function capitalTokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*\b/g)) {
    if (m[0].length <= 10) out.add(m[0].toLowerCase());
  }
  return out;
}

export type MinedVocabulary = {
  documents: number;
  words: Map<string, number>;
  grams: Map<string, number>;
  acronyms: Map<string, Map<string, number>>;
  capitals: Map<string, number>;
};

/** Pairs seen in fewer documents than this are not kept (nor are stems and words seen once). */
export const minPairDocs = 2;
const sketchBits = 22;

function hashOf(key: string) {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) & ((1 << sketchBits) - 1);
}

/**
 * Mines documents in two passes: `documents()` is called twice and must give
 * the same texts. The first pass counts words, stems and acronyms exactly and
 * pairs into hashed counters; the second counts exactly only the pairs whose
 * counter reached `minPairDocs` (a collision can only make a counter larger,
 * so no pair that qualifies is lost).
 */
export async function mineVocabulary(documents: () => AsyncIterable<string>): Promise<MinedVocabulary> {
  const words = new Map<string, number>();
  const grams = new Map<string, number>();
  const acronyms = new Map<string, Map<string, number>>();
  const sketch = new Uint16Array(1 << sketchBits);
  let count = 0;
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for await (const text of documents()) {
    count += 1;
    const seenWords = new Set<string>();
    const { stems, pairs } = scanText(text, seenWords);
    for (const w of seenWords) bump(words, w);
    for (const s of stems) bump(grams, s);
    for (const p of pairs) {
      const h = hashOf(p);
      if (sketch[h]! < 65535) sketch[h]! += 1;
    }
    const seen = new Set<string>();
    for (const [acronym, expansion] of acronymsDefinedIn(text)) {
      const key = `${acronym}\n${expansion}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let expansions = acronyms.get(acronym);
      if (!expansions) acronyms.set(acronym, (expansions = new Map()));
      bump(expansions, expansion);
    }
  }
  const capitals = new Map<string, number>();
  for await (const text of documents()) {
    for (const p of gramsOf(text).pairs) if (sketch[hashOf(p)]! >= minPairDocs) bump(grams, p);
    for (const token of capitalTokens(text)) if (acronyms.has(token)) bump(capitals, token);
  }
  for (const [key, docs] of grams) if (docs < (key.includes(' ') ? minPairDocs : 2)) grams.delete(key);
  for (const [key, docs] of words) if (docs < 2) words.delete(key);
  return { documents: count, words, grams, acronyms, capitals };
}

/**
 * How strongly two adjacent stems form a unit: the pointwise mutual
 * information of their pair, log(P(ab) / P(a)P(b)), over the mined
 * documents; null when the pair was not seen `minPairDocs` times.
 */
export function pairAssociation(
  pairDocs: number | undefined,
  firstDocs: number | undefined,
  secondDocs: number | undefined,
  documents: number,
): number | null {
  if (!pairDocs || !firstDocs || !secondDocs || documents <= 0) return null;
  return Math.log((pairDocs * documents) / (firstDocs * secondDocs));
}
