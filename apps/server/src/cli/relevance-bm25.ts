// The plain baseline of `npm run bench:relevance` (issue 25): textbook Okapi
// BM25 (k1 1.2, b 0.75) over one document per grant made of its title,
// description, agency and the titles of its Assistance Listings; words
// lower-cased, split on anything but letters and digits, English stop words
// dropped, Porter-stemmed. Deliberately nothing more: no fields, phrases,
// synonyms or statuses. It runs in memory over the benchmark's catalogue and
// is never used by the product.
import { stemmer } from 'stemmer';

/** A common English stop-word list (the one the seed's scoring uses). */
const stopWords = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have having
  he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
  nor not now of off on once only or other our ours ourselves out over own same she should so some such than
  that the their theirs them themselves then there these they this those through to too under until up very
  was we were what when where which while who whom why will with would you your yours yourself yourselves`.split(
    /\s+/,
  ),
);

export function bm25Terms(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !stopWords.has(w)).map((w) => stemmer(w));
}

export type Bm25Doc = { id: string; text: string };

export class Bm25Index {
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly lengths: number[] = [];
  private readonly ids: string[] = [];
  private readonly averageLength: number;

  constructor(
    docs: Bm25Doc[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    docs.forEach((d, i) => {
      const terms = bm25Terms(d.text);
      this.ids.push(d.id);
      this.lengths.push(terms.length);
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [term, n] of tf) {
        let list = this.postings.get(term);
        if (!list) this.postings.set(term, (list = []));
        list.push({ doc: i, tf: n });
      }
    });
    this.averageLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  /** The `k` best ids for `query`, ties by id; `keep` filters documents (statuses). */
  search(query: string, k: number, keep?: (id: string) => boolean): string[] {
    const n = this.ids.length;
    const scores = new Map<number, number>();
    for (const term of new Set(bm25Terms(query))) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, tf } of list) {
        const norm = tf + this.k1 * (1 - this.b + (this.b * this.lengths[doc]!) / this.averageLength);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (this.k1 + 1)) / norm);
      }
    }
    return [...scores]
      .map(([doc, score]) => ({ id: this.ids[doc]!, score }))
      .filter((s) => !keep || keep(s.id))
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
      .slice(0, k)
      .map((s) => s.id);
  }
}
