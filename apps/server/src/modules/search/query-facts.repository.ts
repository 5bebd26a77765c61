// What a query's words are worth (decision 042): their lexeme statistics and
// what the mined vocabulary says of them, read for query-model.ts.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

export type LexemeRow = { i: number; lexeme: string; positions: number[]; docs: number };

/**
 * The lexemes of each text (to_tsvector 'english', with positions), how many
 * grants hold each, how many grants there are, and each field's average
 * length: what BM25F needs of a query (decision 042), in one statement.
 * `grants` is 0 before the catalogue has statistics.
 */
export async function findLexemeStats(
  db: Db,
  texts: string[],
): Promise<{ lexemes: LexemeRow[]; grants: number; averages: Record<string, number> }> {
  const rows = await queryRows<{
    i: number | null;
    lexeme: string | null;
    positions: number[] | null;
    docs: number | null;
    grants: number | null;
    averages: Record<string, number> | null;
  }>(
    db,
    sql`WITH t AS (SELECT * FROM json_array_elements_text(${JSON.stringify(texts)}::json) WITH ORDINALITY AS t(text, i))
    SELECT t.i::int AS i, v.lexeme, v.positions::int[] AS positions, coalesce(s.docs, 0)::int AS docs, NULL::int AS grants, NULL::json AS averages
    FROM t CROSS JOIN LATERAL unnest(to_tsvector('english', t.text)) AS v(lexeme, positions, weights)
    LEFT JOIN grant_term_stats s ON s.term = v.lexeme
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, (SELECT docs FROM grant_term_stats WHERE term = ''),
      (SELECT json_object_agg(field, average_length) FROM grant_field_stats)`,
  );
  const totals = rows.find((r) => r.i === null);
  return {
    lexemes: rows
      .filter((r) => r.i !== null)
      .map((r) => ({ i: Number(r.i) - 1, lexeme: r.lexeme!, positions: r.positions ?? [], docs: Number(r.docs ?? 0) })),
    grants: Number(totals?.grants ?? 0),
    averages: totals?.averages ?? {},
  };
}

export type VocabularyFacts = {
  /** Documents mined (0 before any mining). */
  documents: number;
  /** Docs of each asked stem or "stem stem" pair (absent: fewer than the mining kept). */
  grams: Map<string, number>;
  /** Expansions of each asked acronym, with their documents. */
  expansions: Map<string, { expansion: string; docs: number }[]>;
  /** In how many documents each asked acronym is written in capitals. */
  capitals: Map<string, number>;
  /** Acronyms of each asked expansion. */
  acronymsOf: Map<string, { acronym: string; docs: number }[]>;
  /** Docs of each asked word as written. */
  words: Map<string, number>;
};

/**
 * What the mined vocabulary (grants/search-vocabulary.ts) says of a query's
 * stems, pairs, words and phrases, and the lexeme statistics of `texts`
 * (as findLexemeStats), in one statement: a search's first round trip.
 */
export async function findQueryFacts(
  db: Db,
  ask: { grams: string[]; acronyms: string[]; phrases: string[]; words: string[]; texts: string[] },
): Promise<{ facts: VocabularyFacts; lexemes: LexemeRow[]; grants: number; averages: Record<string, number> }> {
  const list = (values: string[]) => sql`ARRAY(SELECT json_array_elements_text(${JSON.stringify(values)}::json))`;
  const rows = await queryRows<{ kind: string; i: number | null; k: string | null; v: string | null; docs: number | null; positions: number[] | null }>(
    db,
    sql`WITH t AS (SELECT * FROM json_array_elements_text(${JSON.stringify(ask.texts)}::json) WITH ORDINALITY AS t(text, i))
    SELECT 'l' AS kind, t.i::int AS i, v.lexeme AS k, NULL::text AS v, coalesce(s.docs, 0)::int AS docs, v.positions::int[] AS positions
    FROM t CROSS JOIN LATERAL unnest(to_tsvector('english', t.text)) AS v(lexeme, positions, weights)
    LEFT JOIN grant_term_stats s ON s.term = v.lexeme
    UNION ALL SELECT 'g', NULL, gram, NULL, docs, NULL FROM grant_ngrams WHERE gram = ANY(${list(['', ...ask.grams])})
    UNION ALL SELECT 'a', NULL, acronym, expansion, docs, NULL FROM grant_acronyms WHERE acronym = ANY(${list(ask.acronyms)})
    UNION ALL SELECT 'e', NULL, expansion_key, acronym, docs, NULL FROM grant_acronyms WHERE expansion_key = ANY(${list(ask.phrases)})
    UNION ALL SELECT 'w', NULL, word, NULL, docs, NULL FROM grant_words WHERE word = ANY(${list(ask.words)})
    UNION ALL SELECT 'n', NULL, NULL, (SELECT json_object_agg(field, average_length) FROM grant_field_stats)::text,
      (SELECT docs FROM grant_term_stats WHERE term = ''), NULL`,
  );
  const facts: VocabularyFacts = { documents: 0, grams: new Map(), expansions: new Map(), capitals: new Map(), acronymsOf: new Map(), words: new Map() };
  const lexemes: LexemeRow[] = [];
  let grants = 0;
  let averages: Record<string, number> = {};
  for (const r of rows) {
    const docs = Number(r.docs ?? 0);
    if (r.kind === 'l') lexemes.push({ i: Number(r.i) - 1, lexeme: r.k!, positions: r.positions ?? [], docs });
    else if (r.kind === 'g') {
      if (r.k === '') facts.documents = docs;
      else facts.grams.set(r.k!, docs);
    } else if (r.kind === 'a') {
      if (r.v === '') facts.capitals.set(r.k!, docs);
      else facts.expansions.set(r.k!, [...(facts.expansions.get(r.k!) ?? []), { expansion: r.v!, docs }]);
    } else if (r.kind === 'e') facts.acronymsOf.set(r.k!, [...(facts.acronymsOf.get(r.k!) ?? []), { acronym: r.v!, docs }]);
    else if (r.kind === 'w') facts.words.set(r.k!, docs);
    else {
      grants = docs;
      averages = r.v ? (JSON.parse(r.v) as Record<string, number>) : {};
    }
  }
  return { facts, lexemes, grants, averages };
}
