// Corrects a misspelled query word to a word the catalogue itself uses
// ("schizofrenia" → "schizophrenia", "tubercolosis" → "tuberculosis"),
// decision 042: only a word that neither the catalogue nor the English
// vocabulary of the word vectors knows is corrected, to the closest catalogue
// word within one edit (two for words of eight letters or more), the more
// common winning a tie. A clipped word the catalogue never uses ("postdoc",
// "undergrad") is read as the catalogue word it clearly begins, whether or not
// English knows it. The catalogue's words are read once per process and
// again when an import replaces them.
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { isKnownWord } from '../../lib/embeddings';
import { findVocabularyVersion, findVocabularyWords, stemOf } from '../grants/grants.service';

/** Optimal-string-alignment distance (a swap of neighbours is one edit), or max + 1 once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

export type Vocabulary = { docs: Map<string, number>; byLength: Map<number, string[]> };

export function vocabularyOf(words: { word: string; docs: number }[]): Vocabulary {
  const docs = new Map<string, number>();
  const byLength = new Map<number, string[]>();
  for (const { word, docs: n } of words) {
    docs.set(word, n);
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  return { docs, byLength };
}

/** A clipped word is at least this long ("postdoc"): shorter beginnings ("bio", "cyber") begin too many words. */
const clippedMinLength = 6;

/**
 * The catalogue word a clipped word the catalogue never uses stands for
 * ("postdoc" and "postdocs": postdoctoral; "undergrad": undergraduate): the
 * commonest catalogue word it begins, three letters longer or more, when that
 * word is at least twice as common as the next ("pharma" begins pharmacology
 * and pharmacological alike: no clear reading). Mined from the catalogue, no list.
 */
export function completionFor(word: string, vocabulary: Vocabulary): string | null {
  const stem = word.endsWith('s') && word.length > clippedMinLength ? word.slice(0, -1) : word;
  if (stem.length < clippedMinLength || !/^[a-z]+$/.test(stem)) return null;
  const found: { word: string; docs: number }[] = [];
  for (const [length, words] of vocabulary.byLength) {
    if (length < stem.length + 3) continue;
    for (const candidate of words) if (candidate.startsWith(stem)) found.push({ word: candidate, docs: vocabulary.docs.get(candidate)! });
  }
  found.sort((a, b) => b.docs - a.docs || a.word.localeCompare(b.word));
  const [first, second] = found;
  return first && (!second || first.docs >= 2 * second.docs) ? first.word : null;
}

/**
 * The catalogue word of a word's family when the catalogue never uses the
 * word itself nor another form of it ("epidemiologist": epidemiology): the
 * commonest catalogue word that shares all but its last three letters (eight
 * at least) and is at most three letters longer or shorter. A word with a
 * form the catalogue uses ("physicist", said "physicists") is found by its
 * stem and left alone. Mined from the catalogue, no list.
 */
export function familyFor(word: string, vocabulary: Vocabulary): string | null {
  if (word.length < 9) return null;
  const root = word.slice(0, Math.max(8, word.length - 3));
  const stem = stemOf(word);
  const found: { word: string; docs: number }[] = [];
  for (let length = word.length - 3; length <= word.length + 3; length++) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      if (!candidate.startsWith(root)) continue;
      if (stemOf(candidate) === stem) return null;
      found.push({ word: candidate, docs: vocabulary.docs.get(candidate)! });
    }
  }
  found.sort((a, b) => b.docs - a.docs || a.word.localeCompare(b.word));
  return found[0]?.word ?? null;
}

/**
 * The catalogue word a misspelled or clipped `word` most likely means, or null
 * when the catalogue knows it or nothing is close.
 */
export function correctionFor(word: string, vocabulary: Vocabulary, knownElsewhere: (w: string) => boolean = isKnownWord): string | null {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return null;
  if ((vocabulary.docs.get(word) ?? 0) > 0) return null;
  if (knownElsewhere(word)) return completionFor(word, vocabulary) ?? familyFor(word, vocabulary);
  const max = word.length >= 8 ? 2 : 1;
  let best: { word: string; distance: number; docs: number } | null = null;
  for (let length = word.length - max; length <= word.length + max; length++) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      if (candidate[0] !== word[0] && candidate[1] !== word[1]) continue;
      const distance = editDistance(word, candidate, max);
      // Two edits that change the first letter read another word, not a typo ("forprofit" is not "nonprofit").
      if (distance > max || (distance === 2 && candidate[0] !== word[0])) continue;
      const docs = vocabulary.docs.get(candidate)!;
      if (!best || distance < best.distance || (distance === best.distance && docs > best.docs)) best = { word: candidate, distance, docs };
    }
  }
  return best?.word ?? completionFor(word, vocabulary) ?? familyFor(word, vocabulary);
}

/** Per database handle (the app keeps one; tests open many). */
const caches = perDatabase<{ current: { vocabulary: Vocabulary; version: number; checkedAt: number } | null }>(() => ({ current: null }));
const recheckMs = 60_000;

/** The catalogue's vocabulary (words in two grants or more), read again at most once a minute when an import replaced it. */
export async function catalogueVocabulary(db: Db, now = Date.now()): Promise<Vocabulary> {
  const held = caches.of(db);
  const cached = held.current;
  if (cached && now - cached.checkedAt < recheckMs) return cached.vocabulary;
  const version = await findVocabularyVersion(db);
  if (cached && cached.version === version) {
    cached.checkedAt = now;
    return cached.vocabulary;
  }
  const vocabulary = vocabularyOf(await findVocabularyWords(db, 2));
  held.current = { vocabulary, version, checkedAt: now };
  return vocabulary;
}
