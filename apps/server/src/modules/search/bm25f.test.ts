// BM25F by hand (decision 042): each figure below is worked out on paper from
// the formula in bm25f.ts, so a change to the scoring shows here first.
import { describe, expect, it } from 'vitest';
import {
  defaultParams,
  fieldAt,
  fieldLengths,
  occurrences,
  parseHits,
  scoreDocument,
  type Alternative,
  type Concept,
  type QueryModel,
} from './bm25f';

const word = (lexeme: string, weight = 1): Alternative => ({ lexemes: [lexeme], offsets: [0], weight, label: lexeme });
const concept = (w: string, idf: number, alternatives: Alternative[] = [word(w)]): Concept => ({ word: w, alternatives, idf, weight: 1 });
// Fields: title 1-9, description 11-49, programme 51-59, areas 61-64, agency 66-69 (markers at 10, 50, 60, 65, 70).
const ends = [10, 50, 60, 65, 70];
const averages = [9, 39, 9, 4, 4];
const doc = (hits: Record<string, number[]>) => ({ hits: new Map(Object.entries(hits)), ends });
const params = { ...defaultParams, coordination: 0 };

describe('the positions of a grant', () => {
  it('reads tsvector text, quotes and all', () => {
    const hits = parseHits("'care':487A 'health':192A,200A 'o''neil':3A");
    expect(hits.get('health')).toEqual([192, 200]);
    expect(hits.get("o'neil")).toEqual([3]);
    expect(parseHits(null).size).toBe(0);
  });

  it('tells the field of a position and each field’s length from the field ends', () => {
    expect(fieldLengths(ends)).toEqual([9, 39, 9, 4, 4]);
    expect([1, 9, 11, 55, 62, 69].map((p) => fieldAt(p, ends))).toEqual([0, 0, 1, 2, 3, 4]);
    // A grant stored before field ends existed: everything counts as description.
    expect(fieldAt(3, null)).toBe(1);
  });

  it('finds a phrase with its own gaps, or one word more', () => {
    const phrase: Alternative = { lexemes: ['major', 'research', 'instrument'], offsets: [0, 1, 2], weight: 1, label: 'mri' };
    expect(occurrences(phrase, parseHits("'major':3 'research':4,20 'instrument':5"))).toEqual([[3, 5]]);
    expect(occurrences(phrase, parseHits("'major':3 'research':5 'instrument':6"))).toEqual([[3, 6]]);
    expect(occurrences(phrase, parseHits("'major':3 'research':8 'instrument':9"))).toEqual([]);
  });
});

describe('BM25F', () => {
  const one: QueryModel = { concepts: [concept('salmon', 2)], pairs: [] };

  it('gives a word once in a title its ideal, and once in an average description 1 / (3 × 2.2 / 4.2) of it', () => {
    // Title: tf 1 × weight 3, no length normalisation: 3 → 3 × 2.2 / 4.2 = 1.5714; × idf 2 = 3.1429 (the ideal too).
    const inTitle = scoreDocument(doc({ salmon: [2] }), one, averages, params);
    expect(inTitle.score).toBeCloseTo(3.1429, 3);
    expect(inTitle.ideal).toBeCloseTo(3.1429, 3);
    // Description of average length: tf 1 → 1 × 2.2 / 2.2 = 1; × 2 = 2.
    const inBody = scoreDocument(doc({ salmon: [20] }), one, averages, params);
    expect(inBody.score).toBeCloseTo(2, 3);
    expect(inBody.inTitle).toEqual([false]);
  });

  it('saturates repeats and counts a programme text at most three times, at a tenth of a description', () => {
    const many = scoreDocument(doc({ salmon: [51, 52, 53, 54, 55, 56, 57, 58] }), one, averages, params);
    // Programme: min(8, 3) × 0.1 / 1 = 0.3 → 0.3 × 2.2 / 1.5 = 0.44; × 2 = 0.88.
    expect(many.score).toBeCloseTo(0.88, 3);
  });

  it('lets the rarer word of a query decide: a title with it beats a title with the common one', () => {
    const model: QueryModel = { concepts: [concept('pollinator', 7), concept('health', 0.5)], pairs: [] };
    const rare = scoreDocument(doc({ pollinator: [1] }), model, averages, params);
    const common = scoreDocument(doc({ health: [1, 3] }), model, averages, params);
    expect(rare.score).toBeGreaterThan(4 * common.score);
  });

  it('counts a synonym at its weight, and a word a title only seems to say not at all', () => {
    const model: QueryModel = { concepts: [concept('kidney', 3, [word('kidney'), word('renal', 0.9)])], pairs: [] };
    const renal = scoreDocument(doc({ renal: [1] }), model, averages, params);
    // tf 0.9 × 3 = 2.7 → 2.7 × 2.2 / 3.9 = 1.5231; × 3 = 4.569.
    expect(renal.score).toBeCloseTo(4.569, 2);
    const falseFriend = scoreDocument(doc({ kidney: [1] }), model, averages, params, () => false);
    expect(falseFriend.score).toBe(0);
    expect(falseFriend.said).toEqual([false]);
  });

  it('scores a unit said together above its words apart, and the commoner word alone at half', () => {
    const model: QueryModel = {
      concepts: [concept('deep', 3), concept('learn', 1.5)],
      pairs: [{ first: 0, second: 1, unit: true, idf: 6 }],
    };
    const together = scoreDocument(doc({ deep: [2], learn: [3] }), model, averages, params);
    const apart = scoreDocument(doc({ deep: [2], learn: [30] }), model, averages, params);
    const alone = scoreDocument(doc({ learn: [3] }), model, averages, params);
    // Words: 3 × 1.5714 + 1.5 × 1.5714 = 7.071; the ordered pair in the title adds 6 × 1 × 1.5714 = 9.428.
    expect(together.score).toBeCloseTo(16.5, 1);
    expect(apart.score).toBeLessThan(together.score / 2);
    // "learning" without "deep": 1.5 × 1.5714 × 0.5 = 1.1786.
    expect(alone.score).toBeCloseTo(1.1786, 3);
    expect(together.phraseInTitle).toBe(true);
    expect(apart.phraseInTitle).toBe(false);
  });

  it('ranks a grant that says more of the query higher, by the coordination share', () => {
    const model: QueryModel = { concepts: [concept('structur', 3), concept('materi', 3), concept('aerospac', 7)], pairs: [] };
    const withCoordination = { ...defaultParams, coordination: 0.5 };
    const two = scoreDocument(doc({ structur: [1], materi: [2] }), model, averages, withCoordination);
    const one_ = scoreDocument(doc({ aerospac: [1] }), model, averages, withCoordination);
    // Two of three words: (3 + 3) × 1.5714 × √(2/3) = 7.698; one: 7 × 1.5714 × √(1/3) = 6.351.
    expect(two.score).toBeCloseTo(7.698, 2);
    expect(one_.score).toBeCloseTo(6.351, 2);
  });
});
