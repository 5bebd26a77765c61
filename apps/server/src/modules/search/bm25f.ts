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

/** Parses tsvector text ("'care':487A 'health':192A,200A") into positions by lexeme: one pass, no patterns. */
export function parseHits(text: string | null): Hits {
  const hits: Hits = new Map();
  if (!text) return hits;
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text[i] !== "'") i += 1;
    if (i >= n) break;
    i += 1;
    let lexeme = '';
    for (;;) {
      const quote = text.indexOf("'", i);
      if (quote < 0) return hits;
      lexeme += text.slice(i, quote);
      if (text[quote + 1] === "'") {
        lexeme += "'";
        i = quote + 2;
      } else {
        i = quote + 1;
        break;
      }
    }
    const positions: number[] = [];
    if (text[i] === ':') {
      i += 1;
      let value = 0;
      let digits = false;
      for (; i < n && text[i] !== ' '; i++) {
        const c = text.charCodeAt(i);
        if (c >= 48 && c <= 57) {
          value = value * 10 + (c - 48);
          digits = true;
        } else if (c === 44) {
          if (digits) positions.push(value);
          value = 0;
          digits = false;
        }
      }
      if (digits) positions.push(value);
    }
    hits.set(lexeme.replace(/\\\\/g, '\\'), positions);
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
/** Where a concept is said: each match's first and last position and weight, by first position. */
type Spans = { starts: number[]; ends: number[]; weights: number[] };

function spansOf(concept: Concept, hits: Hits): Spans {
  const found: [number, number, number][] = [];
  for (const alt of concept.alternatives) {
    if (alt.lexemes.length === 1) {
      for (const p of hits.get(alt.lexemes[0]!) ?? []) found.push([p, p, alt.weight]);
    } else {
      for (const [start, end] of occurrences(alt, hits)) found.push([start, end, alt.weight]);
    }
  }
  if (concept.alternatives.length > 1) found.sort((x, y) => x[0] - y[0]);
  return { starts: found.map((f) => f[0]), ends: found.map((f) => f[1]), weights: found.map((f) => f[2]) };
}

export function scoreDocument(
  doc: DocumentFields,
  model: QueryModel,
  averages: number[],
  params: Bm25fParams = defaultParams,
  /** Whether a field whose text is at hand truly says a concept (a lexeme can join distinct words: informal ~ information). */
  says: (concept: number, field: number) => boolean = () => true,
): Matched {
  const fields = fieldNames.length;
  const ends = doc.ends && doc.ends.length >= fields ? doc.ends : null;
  const lengths = fieldLengths(ends);
  const factor = new Array<number>(fields);
  const caps = new Array<number>(fields);
  for (let f = 0; f < fields; f++) {
    const name = fieldNames[f]!;
    const avg = averages[f]! > 0 ? averages[f]! : 1;
    factor[f] = params.weights[name] / (1 - params.b[name] + (params.b[name] * lengths[f]!) / avg);
    caps[f] = params.cap[name];
  }
  const weighted = (perField: number[]) => {
    let sum = 0;
    for (let f = 0; f < fields; f++) if (perField[f]! > 0) sum += factor[f]! * Math.min(perField[f]!, caps[f]!);
    return sum;
  };
  const field = (position: number) => (ends ? fieldAt(position, ends) : 1);

  const concepts = model.concepts;
  const spans = concepts.map((c) => spansOf(c, doc.hits));
  const said = new Array<boolean>(concepts.length);
  const inTitle = new Array<boolean>(concepts.length);
  const scores = new Array<number>(concepts.length);
  const tf = new Array<number>(fields);
  for (let i = 0; i < concepts.length; i++) {
    tf.fill(0);
    const s = spans[i]!;
    for (let k = 0; k < s.starts.length; k++) tf[field(s.starts[k]!)]! += s.weights[k]!;
    for (let f = 0; f < fields; f++) if (tf[f]! > 0 && !says(i, f)) tf[f] = 0;
    said[i] = tf.some((n) => n > 0);
    inTitle[i] = tf[0]! > 0;
    scores[i] = concepts[i]!.weight * concepts[i]!.idf * saturate(weighted(tf), params.k1);
  }
  const apart = concepts.map(() => 1);

  let pairScore = 0;
  const ordered = new Array<number>(fields);
  const near = new Array<number>(fields);
  for (const pair of model.pairs) {
    const a = spans[pair.first]!;
    const b = spans[pair.second]!;
    ordered.fill(0);
    near.fill(0);
    let lo = 0;
    // Each match of the first word against the second's within the window, in one pass over sorted positions.
    const byEnd = a.ends.map((e, k) => [e, k] as const).sort((x, y) => x[0] - y[0]);
    for (const [endA] of byEnd) {
      const f = field(endA);
      while (lo < b.starts.length && b.starts[lo]! < endA - params.window) lo += 1;
      for (let k = lo; k < b.starts.length && b.starts[k]! <= endA + params.window; k++) {
        if (field(b.starts[k]!) !== f) continue;
        const gap = b.starts[k]! - endA;
        if (gap >= 1 && gap <= 2) ordered[f]! += 1;
        else near[f]! += 1;
      }
    }
    const together = ordered.some((n) => n > 0) || near.some((n) => n > 0);
    const share = (concepts[pair.first]!.weight + concepts[pair.second]!.weight) / 2;
    const [o, n] = pair.unit ? [params.unitOrdered, params.unitNear] : [params.ordered, params.near];
    pairScore += share * pair.idf * (o * saturate(weighted(ordered), params.k1) + n * saturate(weighted(near), params.k1));
    if (pair.unit && !together) {
      // The commoner word alone is the weaker evidence ("learning" without "deep").
      const commoner = concepts[pair.first]!.idf <= concepts[pair.second]!.idf ? pair.first : pair.second;
      apart[commoner] = params.unitApart;
    }
  }
  let words = 0;
  let saidWords = 0;
  let sum = 0;
  for (let i = 0; i < concepts.length; i++) {
    if (concepts[i]!.weight >= 1) {
      words += 1;
      if (said[i]) saidWords += 1;
    }
    sum += scores[i]! * apart[i]!;
  }
  const coordination = words > 1 ? (saidWords / words) ** params.coordination : 1;
  const score = (sum + pairScore) * coordination;

  // The ideal: every concept and pair said once in a title of average length.
  const titleOnce = saturate(params.weights.title, params.k1);
  let ideal = 0;
  for (const c of concepts) ideal += c.weight * c.idf * titleOnce;
  for (const p of model.pairs) {
    const share = (concepts[p.first]!.weight + concepts[p.second]!.weight) / 2;
    ideal += share * p.idf * (p.unit ? params.unitOrdered : params.ordered) * titleOnce;
  }
  return { score, ideal, said, inTitle, phraseInTitle: phraseInTitle(concepts, spans, ends) };
}

/** Whether the title says every word of the query, in the query's order, each right after the one before. */
function phraseInTitle(concepts: Concept[], spans: Spans[], ends: number[] | null): boolean {
  let words = 0;
  for (const c of concepts) if (c.weight >= 1) words += 1;
  if (words < 2 || !ends) return false;
  const titleEnd = ends[0]!;
  let previous: number[] = [];
  for (let i = 0; i < words; i++) {
    const s = spans[i]!;
    const next: number[] = [];
    for (let k = 0; k < s.starts.length && s.starts[k]! < titleEnd; k++) {
      const start = s.starts[k]!;
      if (i === 0 || previous.some((e) => start - e >= 1 && start - e <= 3)) next.push(s.ends[k]!);
    }
    if (next.length === 0) return false;
    previous = next;
  }
  return true;
}

/** Inverse document frequency as BM25 has it: a word in 2 of 4,000 grants weighs about 7.4, one in all of them about 0. */
export function inverseDocumentFrequency(docs: number, grants: number): number {
  const held = Math.min(Math.max(docs, 0), grants);
  return Math.log(1 + (grants - held + 0.5) / (held + 0.5));
}
