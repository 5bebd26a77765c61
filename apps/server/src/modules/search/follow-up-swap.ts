// A follow-up that puts one thing in place of another: "what about
// Washington?" after a question about Oregon, "how about diabetes instead"
// after one about obesity. The new word takes the place of the word of the
// last reading of the same kind: a state for a state (the vectors put
// "washington" nearer "community" than "oregon"), else the word it is clearly
// closest to in meaning (the word vectors of data/embeddings). The rest of the
// question stands; with no clear counterpart the follow-up narrows as any other
// does. Used by chat.service.ts.
import { cosine, embedText } from '../../lib/embeddings';
import { placesIn } from './places';
import { applicantPhrase } from './search-results';

/** "what about X", "how about X", "X instead", "and for X?": a word put in place of another, not added. */
const swapPhrasing =
  /^\s*(?:(?:and|ok(?:ay)?|hmm+|so|then)[,\s]+)?(?:(?:what|how)\s+about|and\s+(?:for|in)\b)|\binstead\b(?!\s+of)|^\s*(?:no+|nope|actually|sorry|wait|rather)\s*[,;:.!-]|\bmake\s+it\b|\b(?:change|switch)\s+(?:it\s+|that\s+)?to\b/i;

export const swapSettings = {
  /** A counterpart is at least this close in meaning… */
  minSimilarity: 0.45,
  /** …and this much closer than the next closest word, so the choice is clear. */
  margin: 0.05,
};

export function asksForSwap(message: string): boolean {
  return swapPhrasing.test(message);
}

/** A marker word (-left out, @who may apply, !agency left out) is not a topic to swap. */
export const isTopicWord = (w: string) => !/^[-@!~]/.test(w);

export type Swap = { groups: string[][]; replaced: { from: string; to: string }[]; added: string[] };

/**
 * `groups` with each word of `given` in place of the word it is clearly
 * closest to in meaning, and who may apply in place of who might; words
 * without a counterpart are returned as `added`. Null when no word has one
 * (or the vectors are not at hand).
 */
export function swapWords(groups: string[][], given: string[]): Swap | null {
  // Who may apply for who may apply ("no, for state governments" after "only for nonprofits").
  const newWho = given.filter((w) => w.startsWith('@'));
  const oldWho = [...new Set(groups.flat().filter((w) => w.startsWith('@') && !newWho.includes(w)))];
  const swapsWho = newWho.length > 0 && oldWho.length > 0;
  const named = (markers: string[]) => markers.map((w) => applicantPhrase(w.slice(1))).join(', ');
  const who = swapsWho ? [{ from: named(oldWho), to: named(newWho) }] : [];
  if (swapsWho) groups = groups.map((g) => g.filter((w) => !oldWho.includes(w)));
  const words = swapsWho ? given.filter((w) => !newWho.includes(w)) : given;
  const topics = swapTopics(groups, words);
  if (!swapsWho) return topics;
  return topics
    ? { groups: topics.groups, replaced: [...who, ...topics.replaced], added: [...topics.added, ...newWho] }
    : { groups, replaced: who, added: [...words, ...newWho] };
}

function swapTopics(groups: string[][], words: string[]): Swap | null {
  // A place for the last place named before it: all of its words for all of the new one's.
  const newPlaces = placesIn(words);
  const oldPlaces = groups.flatMap((g) => placesIn(g));
  if (newPlaces.length && oldPlaces.length) {
    const from = oldPlaces[oldPlaces.length - 1]!;
    const to = newPlaces[0]!;
    const rest = words.filter((w) => !newPlaces.flat().includes(w));
    const swapped = groups.map((g) => {
      const at = g.findIndex((w) => w === from[0]);
      return at < 0 ? g : [...new Set([...g.slice(0, at), ...to, ...g.slice(at).filter((w) => !from.includes(w))])];
    });
    return { groups: swapped, replaced: [{ from: from.join(' '), to: to.join(' ') }], added: rest };
  }
  const previous = [...new Set(groups.flat().filter(isTopicWord))];
  const replaced: { from: string; to: string }[] = [];
  const added: string[] = [];
  for (const word of words) {
    const vector = isTopicWord(word) ? embedText(word) : null;
    const ranked = vector
      ? previous
          .filter((p) => p !== word && !replaced.some((r) => r.from === p))
          .map((p) => {
            const other = embedText(p);
            return { word: p, similarity: other ? cosine(vector, other) : -1 };
          })
          .sort((a, b) => b.similarity - a.similarity)
      : [];
    const [best, next] = ranked;
    if (best && best.similarity >= swapSettings.minSimilarity && best.similarity - (next?.similarity ?? -1) >= swapSettings.margin)
      replaced.push({ from: best.word, to: word });
    else added.push(word);
  }
  if (!replaced.length) return null;
  const swapped = groups.map((g) => [...new Set(g.map((w) => replaced.find((r) => r.from === w)?.to ?? w))]);
  return { groups: swapped, replaced, added };
}
