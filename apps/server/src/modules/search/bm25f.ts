// How well a grant matches a query's words (decision 042): field-weighted
// BM25 (BM25F) over the positions of the query's lexemes in the grant's
// search vector, plus evidence that neighbouring query words are said
// together (an ordered pair within a word or two, or both within a few
// words), weighted more for a pair the catalogue uses as a unit. Pure and
// hand-checked in bm25f.test.ts; the service reads the positions
// (search.repository.ts) and the statistics (grants/term-stats.ts).

export const fieldNames = ['title', 'description', 'program', 'areas', 'agency'] as const;
export type FieldName = (typeof fieldNames)[number];

/** One way a query word can be said: its lexemes in order, where each sits relative to the first, and how much it counts. */
export type Alternative = { lexemes: string[]; offsets: number[]; weight: number; label: string };

/** A word of the query (or a bonus such as an acronym): its alternatives, its inverse document frequency, its share of the score. */
export type Concept = { word: string; alternatives: Alternative[]; idf: number; weight: number };

/** Two neighbouring concepts of the query; `unit` when the catalogue uses them as one term ("deep learning"). */
export type ConceptPair = { first: number; second: number; unit: boolean; idf: number };

export type QueryModel = { concepts: Concept[]; pairs: ConceptPair[] };

export type Bm25fParams = {
  k1: number;
  weights: Record<FieldName, number>;
  b: Record<FieldName, number>;
  /** Ordered and near pair evidence, as shares of a concept's weight; larger for units. */
  ordered: number;
  near: number;
  unitOrdered: number;
  unitNear: number;
  /** Words apart that still count as near. */
  window: number;
  /** Mentions counted at most per field: a programme text that names its subject twenty times says no more of this grant. */
  cap: Record<FieldName, number>;
  /** What the commoner word of a unit keeps when the document never says the unit ("learning" without "deep"). */
  unitApart: number;
  /** The score times (concepts said / concepts)^coordination: a grant saying more of the query's words ranks higher. */
  coordination: number;
};

export const defaultParams: Bm25fParams = {
  k1: 1.2,
  weights: { title: 3, description: 1, program: 0.1, areas: 1, agency: 0.5 },
  // Titles are short and their length says nothing of verbosity: no length normalisation there.
  b: { title: 0, description: 0.75, program: 0.75, areas: 0, agency: 0 },
  ordered: 0.2,
  near: 0.1,
  unitOrdered: 1,
  unitNear: 0.2,
  window: 8,
  cap: { title: 10, description: 50, program: 3, areas: 1, agency: 2 },
  unitApart: 0.5,
  coordination: 0.5,
};

/** Positions of each lexeme in one grant (from a filtered tsvector's text form). */
export type Hits = Map<string, number[]>;

/** Parses tsvector text ("'care':487A 'health':192A,200A") into positions by lexeme. */
export function parseHits(text: string | null): Hits {
  const hits: Hits = new Map();
  if (!text) return hits;
  for (const m of text.matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
    const lexeme = m[1]!.replace(/''/g, "'").replace(/\\\\/g, '\\');
    const positions = (m[2] ?? '').split(',').filter(Boolean).map((p) => Number.parseInt(p, 10));
    hits.set(lexeme, positions.sort((a, b) => a - b));
  }
  return hits;
}

/** Each field's length in positions from the grant's field ends (missing ends: lengths 0). */
export function fieldLengths(ends: number[] | null): number[] {
  if (!ends || ends.length < fieldNames.length) return fieldNames.map(() => 0);
  return fieldNames.map((_, f) => Math.max(0, ends[f]! - (f === 0 ? 0 : ends[f - 1]!) - 1));
}

/** The field a position falls in (0 title … 4 agency); without ends, the description. */
export function fieldAt(position: number, ends: number[] | null): number {
  if (!ends || ends.length < fieldNames.length) return 1;
  for (let f = 0; f < fieldNames.length; f++) if (position < ends[f]!) return f;
  return fieldNames.length - 1;
}

/** Where an alternative is said: [first position, last position] of each match of all its lexemes in order. */
export function occurrences(alt: Alternative, hits: Hits): [number, number][] {
  const first = hits.get(alt.lexemes[0]!);
  if (!first) return [];
  if (alt.lexemes.length === 1) return first.map((p) => [p, p]);
  const found: [number, number][] = [];
  for (const start of first) {
    let at = start;
    let ok = true;
    for (let k = 1; k < alt.lexemes.length && ok; k++) {
      const gap = alt.offsets[k]! - alt.offsets[k - 1]!;
      const positions = hits.get(alt.lexemes[k]!);
      // The gap as the phrase has it, or one word more ("research and training" for "research training").
      const next = positions?.find((p) => p === at + gap || p === at + gap + 1);
      if (next === undefined) ok = false;
      else at = next;
    }
    if (ok) found.push([start, at]);
  }
  return found;
}

/** The lexemes' positions in the grant's search vector and where its fields end. */
export type DocumentFields = { hits: Hits; ends: number[] | null };

/** BM25's saturation of a length-normalised, field-weighted frequency. */
const saturate = (tf: number, k1: number) => (tf * (k1 + 1)) / (tf + k1);

export type Matched = { score: number; ideal: number; said: boolean[]; inTitle: boolean[]; phraseInTitle: boolean };

/**
 * The grant's BM25F score for the query, the score of a grant that says every
 * word and pair once in an average-length title (`ideal`, to scale a score to
 * 0-100), which concepts it says at all and which in its title, and whether
 * its title says the whole query in order.
 */
export function scoreDocument(
  doc: DocumentFields,
  model: QueryModel,
  averages: number[],
  params: Bm25fParams = defaultParams,
  /** Whether a field whose text is at hand truly says a concept (a lexeme can join distinct words: informal ~ information). */
  says: (concept: number, field: number) => boolean = () => true,
): Matched {
  const lengths = fieldLengths(doc.ends);
  const w = fieldNames.map((f) => params.weights[f]);
  const norm = fieldNames.map((f, i) => {
    const avg = averages[i]! > 0 ? averages[i]! : 1;
    return 1 - params.b[f] + (params.b[f] * lengths[i]!) / avg;
  });
  const caps = fieldNames.map((f) => params.cap[f]);
  const weighted = (perField: number[]) => perField.reduce((sum, tf, i) => sum + (w[i]! * Math.min(tf, caps[i]!)) / norm[i]!, 0);

  const spans = model.concepts.map((c) =>
    c.alternatives.map((alt) => ({ weight: alt.weight, at: occurrences(alt, doc.hits) })),
  );
  const conceptScores = model.concepts.map((c, i) => {
    const tf = fieldNames.map(() => 0);
    for (const { weight, at } of spans[i]!) for (const [start] of at) tf[fieldAt(start, doc.ends)]! += weight;
    for (let f = 0; f < tf.length; f++) if (tf[f]! > 0 && !says(i, f)) tf[f] = 0;
    return { tf, score: c.weight * c.idf * saturate(weighted(tf), params.k1) };
  });
  const said = conceptScores.map((s) => s.tf.some((n) => n > 0));
  const inTitle = conceptScores.map((s) => s.tf[0]! > 0);
  const apart = model.concepts.map(() => 1);

  let pairScore = 0;
  for (const pair of model.pairs) {
    const a = spans[pair.first]!.flatMap((s) => s.at);
    const b = spans[pair.second]!.flatMap((s) => s.at);
    const ordered = fieldNames.map(() => 0);
    const near = fieldNames.map(() => 0);
    for (const [, endA] of a) {
      const field = fieldAt(endA, doc.ends);
      for (const [startB, endB] of b) {
        if (fieldAt(startB, doc.ends) !== field) continue;
        const gap = startB - endA;
        if (gap >= 1 && gap <= 2) ordered[field]! += 1;
        else if (Math.abs(gap) <= params.window || Math.abs(endB - endA) <= params.window) near[field]! += 1;
      }
    }
    const together = ordered.some((n) => n > 0) || near.some((n) => n > 0);
    const share = (model.concepts[pair.first]!.weight + model.concepts[pair.second]!.weight) / 2;
    const [o, n] = pair.unit ? [params.unitOrdered, params.unitNear] : [params.ordered, params.near];
    pairScore += share * pair.idf * (o * saturate(weighted(ordered), params.k1) + n * saturate(weighted(near), params.k1));
    if (pair.unit && !together) {
      // The commoner word alone is the weaker evidence ("learning" without "deep").
      const commoner = model.concepts[pair.first]!.idf <= model.concepts[pair.second]!.idf ? pair.first : pair.second;
      apart[commoner] = params.unitApart;
    }
  }
  const words = model.concepts.filter((c) => c.weight >= 1);
  const saidWords = model.concepts.filter((c, i) => c.weight >= 1 && said[i]).length;
  const coordination = words.length > 1 ? (saidWords / words.length) ** params.coordination : 1;
  const score = (conceptScores.reduce((sum, s, i) => sum + s.score * apart[i]!, 0) + pairScore) * coordination;

  // The ideal: every concept and pair said once in a title of average length.
  const titleOnce = saturate(w[0]!, params.k1);
  const ideal =
    model.concepts.reduce((sum, c) => sum + c.weight * c.idf * titleOnce, 0) +
    model.pairs.reduce((sum, p) => {
      const share = (model.concepts[p.first]!.weight + model.concepts[p.second]!.weight) / 2;
      return sum + share * p.idf * (p.unit ? params.unitOrdered : params.ordered) * titleOnce;
    }, 0);

  return { score, ideal, said, inTitle, phraseInTitle: phraseInTitle(model, spans, doc.ends) };
}

/** Whether the title says every concept of the query, in the query's order, each right after the one before. */
function phraseInTitle(model: QueryModel, spans: { at: [number, number][] }[][], ends: number[] | null): boolean {
  const words = model.concepts.filter((c) => c.weight >= 1).length;
  if (words < 2) return false;
  const inTitle = (i: number) => spans[i]!.flatMap((s) => s.at).filter(([start]) => fieldAt(start, ends) === 0);
  let ends0 = inTitle(0).map(([, end]) => end);
  for (let i = 1; i < words; i++) {
    const starts = inTitle(i);
    ends0 = starts.filter(([start]) => ends0.some((e) => start - e >= 1 && start - e <= 3)).map(([, end]) => end);
    if (ends0.length === 0) return false;
  }
  return true;
}

/** Inverse document frequency as BM25 has it: a word in 2 of 4,000 grants weighs about 7.4, one in all of them about 0. */
export function inverseDocumentFrequency(docs: number, grants: number): number {
  const held = Math.min(Math.max(docs, 0), grants);
  return Math.log(1 + (grants - held + 0.5) / (held + 0.5));
}
