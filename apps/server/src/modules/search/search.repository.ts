// Read-only SQL over the grants catalogue for search (see decision 005).
import { sql, type SQL } from 'drizzle-orm';
import type { GrantStatus, SortOption } from '@grantbridge/contract/grants';
import { queryRows, withTransaction, type Db } from '../../db/client';
import { grantStatusCondition, grantStatusSql } from '../grants/grants.service';
import { minStatedAmount, type GrantSummaryRow } from '../grants/grants.service';
import { parseHits, type Hits } from './bm25f';

export type CandidateFilters = {
  statuses: GrantStatus[];
  amountMin: number | null;
  amountMax: number | null;
  dueFrom: string | null;
  dueTo: string | null;
  /** An agency of `agencyAliases` by acronym: grants that belong to it whole (grants.agency_keys). */
  agencyKey: string | null;
  /** Any other agency text: matched against the agency's name and code. */
  agencyText: string | null;
  /** Agencies (acronyms of `agencyAliases`) whose grants are left out ("not the DOD ones"). */
  excludeAgencyKeys?: string[];
  /** Words (or hyphenated terms) the grant's title and description must not say. */
  exclude?: string[];
  /**
   * Who must be able to apply: each entry a set of Grants.gov applicant codes,
   * one of which the grant must list. A grant that lists none, only "others,
   * see text" (25), or "unrestricted" (99) is not ruled out.
   */
  eligibility?: string[][];
  /** Grants.gov funding-instrument and category codes: the grant must list one of each set given. */
  instruments?: string[];
  categories?: string[];
  /** Text the title, agency name or code, or opportunity number must contain ("Search these results"). */
  within?: string | null;
  /** to_tsquery text, already sanitised; null = no keyword condition. */
  tsquery: string | null;
  /** Match `tsquery` in the title alone: a query of nothing but words most grants say ("health"). */
  inTitle?: boolean;
  today: string;
};

/** A grant summary's columns (the grant row type is grants.repository.ts's), plus what ranking reads. */
export type CandidateRow = GrantSummaryRow & {
  /** The Assistance Listing's title; its text is read once per program (findProgramTexts). */
  program_title: string | null;
  /** Program title and objectives, as much as scoring reads; filled in by the service. */
  program_text: string | null;
  /** 100 signed bytes (lib/embeddings.ts), or null for a grant without one. */
  embedding: Uint8Array | null;
  /** Where each field of the search vector ends (grants.field_ends). */
  field_ends: number[] | null;
  /** Whether the grant has a description. */
  described: boolean;

  /** Positions of the search's lexemes in the search vector (empty without words). */
  hits: Hits;
};

type CandidateRecord = Omit<CandidateRow, 'hits'> & { hits_text: string | null };

const withHits = (rows: CandidateRecord[]): CandidateRow[] =>
  rows.map(({ hits_text, ...row }) => ({ ...row, hits: parseHits(hits_text) }));

function whereClause(f: CandidateFilters): SQL {
  const conditions: SQL[] = [grantStatusCondition(f.statuses, f.today)];
  // Amount filters compare the award ceiling; one under minStatedAmount ($0, $1, $2) means "not published".
  if (f.amountMin !== null)
    conditions.push(sql`award_ceiling >= ${Math.max(f.amountMin, minStatedAmount)}`);
  if (f.amountMax !== null)
    conditions.push(sql`award_ceiling >= ${minStatedAmount} AND award_ceiling <= ${f.amountMax}`);
  if (f.dueFrom) conditions.push(sql`close_date >= ${f.dueFrom}::date`);
  if (f.dueTo) conditions.push(sql`close_date <= ${f.dueTo}::date`);
  if (f.agencyKey) {
    conditions.push(sql`agency_keys @> ARRAY[${f.agencyKey}]::text[]`);
  } else if (f.agencyText) {
    conditions.push(
      sql`(agency ILIKE ${`%${f.agencyText}%`} OR agency_code ILIKE ${`${f.agencyText}%`})`,
    );
  }
  if (f.excludeAgencyKeys?.length) {
    conditions.push(
      sql`NOT (coalesce(agency_keys, '{}'::text[]) && ARRAY[${sql.join(
        f.excludeAgencyKeys.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[])`,
    );
  }
  if (f.tsquery) {
    conditions.push(
      f.inTitle
        ? sql`title_vector @@ to_tsquery('english', ${f.tsquery})`
        : sql`search_vector @@ to_tsquery('english', ${f.tsquery})`,
    );
  }
  for (const codes of f.eligibility ?? []) {
    const listed = sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    );
    conditions.push(sql`(cardinality(eligibility_codes) = 0 OR eligibility_codes <@ ARRAY['25']::text[]
      OR '99' = ANY(eligibility_codes) OR eligibility_codes && ARRAY[${listed}]::text[])`);
  }
  const codes = (list: string[]) => sql`ARRAY[${sql.join(list.map((c) => sql`${c}`), sql`, `)}]::text[]`;
  if (f.instruments?.length) conditions.push(sql`instrument_codes && ${codes(f.instruments)}`);
  if (f.categories?.length) conditions.push(sql`category_codes && ${codes(f.categories)}`);
  if (f.within) {
    const like = `%${f.within.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(title ILIKE ${like} OR agency ILIKE ${like} OR agency_code ILIKE ${like}
      OR opportunity_number ILIKE ${like})`);
  }
  for (const term of f.exclude ?? []) {
    // Title and description only: a program's objectives describe the whole program, not this grant.
    conditions.push(sql`NOT (title_vector @@ phraseto_tsquery('english', ${term})
      OR coalesce(to_tsvector('english', description), ''::tsvector) @@ phraseto_tsquery('english', ${term}))`);
  }
  return sql.join(conditions, sql` AND `);
}

const orderBySort: Record<Exclude<SortOption, 'match'>, SQL> = {
  'due-date-asc': sql`close_date ASC NULLS LAST, id`,
  'due-date-desc': sql`close_date DESC NULLS LAST, id`,
  'amount-desc': sql`award_ceiling DESC NULLS LAST, id`,
  'amount-asc': sql`award_ceiling ASC NULLS LAST, id`,
};

/** Strings as one text[] parameter, each element quoted (Drizzle would spread an array into a list). */
const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/**
 * The positions of the given lexemes in the search vector, as tsvector text:
 * every weight set to D, the lexemes' to A, and A kept (decision 042). A few
 * linear passes in C over the vector; the fields are told by position
 * (field_ends), not weight.
 */
const hitsExpression = (lexemes: string[] | null) =>
  lexemes?.length
    ? sql`ts_filter(setweight(setweight(search_vector, 'D'), 'A', ${textArray(lexemes)}), '{a}')::text`
    : sql`NULL::text`;

const candidateColumns = (today: string, lexemes: string[] | null) => sql`
  id, opportunity_number, title, agency, agency_code,
  to_char(close_date, 'YYYY-MM-DD') AS close_date, to_char(post_date, 'YYYY-MM-DD') AS post_date,
  award_ceiling::float8 AS award_ceiling, award_floor::float8 AS award_floor,
  ${grantStatusSql(sql`${today}::date`)} AS status, research_areas,
  left(description, 600) AS description, description IS NOT NULL AS described,
  program_title, NULL::text AS program_text,
  embedding, field_ends,
  ${hitsExpression(lexemes)} AS hits_text`;

/** A page of grants in a fixed order (sorts other than match, or no keywords). */
export async function findOrderedGrants(
  db: Db,
  filters: CandidateFilters,
  order: { sort: SortOption; limit: number; offset: number },
  lexemes: string[] | null = null,
): Promise<CandidateRow[]> {
  const orderBy =
    order.sort === 'match' ? sql`close_date ASC NULLS LAST, id` : orderBySort[order.sort];
  const ascendingByDue = order.sort === 'match' || order.sort === 'due-date-asc';
  const onlyOpen = filters.statuses.every(
    (status) => status === 'posted' || status === 'forecasted',
  );
  if (ascendingByDue && onlyOpen) return findOpenByDueDate(db, filters, order.limit, order.offset, lexemes);
  // The page's ids first (only what the order needs), then the columns and
  // text rank of those rows alone: a broad match is not ranked row by row.
  const result = await queryRows<CandidateRecord>(
    db,
    sql`
    SELECT ${candidateColumns(filters.today, lexemes)}
    FROM grants
    WHERE id IN (
      SELECT id FROM grants
      WHERE ${whereClause(filters)}
      ORDER BY ${orderBy}
      LIMIT ${order.limit} OFFSET ${order.offset})
    ORDER BY ${orderBy}`,
  );
  return withHits(result);
}

/**
 * Open grants soonest-closing first, read in two index-ordered segments so
 * the query never sorts the whole catalogue: close dates from today on, then
 * no close date.
 */
async function findOpenByDueDate(db: Db, filters: CandidateFilters, limit: number, offset: number, lexemes: string[] | null) {
  const wanted = offset + limit;
  const segments = [sql`close_date >= ${filters.today}::date`, sql`close_date IS NULL`];
  const found: CandidateRow[] = [];
  for (const segment of segments) {
    if (found.length >= wanted) break;
    const result = await queryRows<CandidateRecord>(
      db,
      sql`
      SELECT ${candidateColumns(filters.today, lexemes)}
      FROM grants
      WHERE id IN (
        SELECT id FROM grants
        WHERE ${whereClause(filters)} AND ${segment}
        ORDER BY close_date ASC, id
        LIMIT ${wanted - found.length})
      ORDER BY close_date ASC, id`,
    );
    found.push(...withHits(result));
  }
  return found.slice(offset, offset + limit);
}

export type PoolPart = {
  tsquery: string | null;
  limit: number;
  areas?: string[];
  titleOnly?: boolean;
  /** Titles that say this text as a phrase (a title typed whole or in part). */
  titlePhrase?: string;
};

/** "(a | b)" as "a | b": one group's clause, as the strict and relaxed forms of a one-word query differ. */
const unwrap = (query: string | null) => (query && /^\([^()]*\)$/.test(query) ? query.slice(1, -1) : query);

/**
 * The candidate pool for relevance ranking, and the number of matches (up to
 * `countCap` + 1) in the same statement. The matches of `matchQuery` are read
 * once, cut at the cap: they give the count, and their first `matchedLimit`
 * join the pool beside a few other bounded retrievals (all keywords,
 * keywords in the title, shared research areas), so a broad query costs no
 * more than a narrow one.
 */
export async function findCandidatePool(
  db: Db,
  filters: CandidateFilters,
  pool: { matchQuery: string; countCap: number; matchedLimit: number; parts: PoolPart[] },
): Promise<{ ids: string[]; count: number }> {
  // What each retrieval matches; a part that matches just what `matched` does reads from it.
  const sameAs = (part: PoolPart) =>
    `${part.titleOnly || filters.inTitle ? 'title' : 'all'}:${unwrap(part.tsquery)}:${part.areas?.join('|') ?? ''}:${part.titlePhrase ?? ''}`;
  const matchedKey = sameAs({ tsquery: pool.matchQuery, limit: 0 });
  let matchedLimit = pool.matchedLimit;
  const parts = pool.parts.filter((part) => {
    if (sameAs(part) !== matchedKey) return true;
    matchedLimit = Math.max(matchedLimit, part.limit);
    return false;
  });
  const selects = parts.map((part) => {
    const conditions = [whereClause({ ...filters, tsquery: part.titleOnly ? null : part.tsquery })];
    if (part.titleOnly && part.tsquery)
      conditions.push(sql`title_vector @@ to_tsquery('english', ${part.tsquery})`);
    if (part.titlePhrase) conditions.push(sql`title_vector @@ phraseto_tsquery('english', ${part.titlePhrase})`);
    if (part.areas?.length) {
      conditions.push(
        sql`research_areas && ARRAY[${sql.join(
          part.areas.map((a) => sql`${a}`),
          sql`, `,
        )}]::text[]`,
      );
    }
    return sql`(SELECT id FROM grants WHERE ${sql.join(conditions, sql` AND `)} LIMIT ${part.limit})`;
  });
  selects.push(sql`(SELECT id FROM matched LIMIT ${matchedLimit})`);
  const result = await queryRows<{ matched_count: number; ids: string[] }>(
    db,
    sql`
    WITH matched AS MATERIALIZED (
      SELECT id FROM grants WHERE ${whereClause({ ...filters, tsquery: pool.matchQuery })} LIMIT ${pool.countCap + 1}
    )
    SELECT (SELECT count(*) FROM matched)::int AS matched_count,
      ARRAY(${sql.join(selects, sql` UNION `)})::text[] AS ids`,
  );
  const [found] = result;
  return { ids: found?.ids ?? [], count: found?.matched_count ?? 0 };
}

/** Ids as one uuid[] parameter (the ids come from our own queries or isGrantId). */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The pool's rows with the positions of the search's lexemes. Read apart from
 * the retrieval, outside its bitmap-only plan settings, so each row is one
 * primary-key look-up.
 */
export async function findCandidateRows(
  db: Db,
  ids: string[],
  today: string,
  lexemes: string[] | null,
): Promise<CandidateRow[]> {
  if (ids.length === 0) return [];
  const result = await queryRows<CandidateRecord>(
    db,
    sql`
    SELECT ${candidateColumns(today, lexemes)}
    FROM grants WHERE id = ANY(${uuidArray(ids)})`,
  );
  return withHits(result);
}

/**
 * The program text (title and objectives, first 600 characters) of each
 * distinct program among the given grants, read from one grant per program.
 * Thousands of grants share a few hundred programs, and the objectives are
 * long toasted text: reading them once per program instead of once per
 * candidate is most of a broad search's cost on PGlite.
 */
export async function findProgramTexts(db: Db, grantIds: string[]) {
  if (grantIds.length === 0) return [];
  const result = await queryRows<{ program_title: string; program_text: string }>(
    db,
    sql`
    SELECT program_title, left(program_title || ' ' || coalesce(objectives, ''), 600) AS program_text
    FROM grants
    WHERE id IN (
      SELECT DISTINCT ON (program_title) id FROM grants
      WHERE id = ANY(${uuidArray(grantIds)}) AND program_title IS NOT NULL
      ORDER BY program_title, id)`,
  );
  return result;
}

/**
 * Runs keyword retrievals with bitmap scans only. A keyword search cut at a
 * LIMIT tempts the planner into walking the table (or the primary key) until
 * enough rows match, which is fast when matches are dense and a full scan when
 * the filters together leave a handful; the GIN bitmap costs the same either
 * way (docs/decisions/012-search-plans.md).
 */
export async function withKeywordPlans<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  return withTransaction(db, async (t) => {
    // One statement for both settings (SET LOCAL takes one each): a round trip less per search.
    await t.execute(
      sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
    return work(t);
  });
}

/** Counts matches up to `cap` (+1 tells the caller there are more). */
export async function countCandidates(
  db: Db,
  filters: CandidateFilters,
  cap: number,
): Promise<number> {
  const result = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM grants WHERE ${whereClause(filters)} LIMIT ${cap + 1}) AS m`,
  );
  return result[0]?.n ?? 0;
}

/**
 * Of `ids`, the grants that pass `filters` (all but their words) and say the
 * words of each query: one statement for many saved searches sharing their
 * filters (alerts after an import). Answers [query index, grant id] pairs.
 */
export async function findMatchingForQueries(
  db: Db,
  filters: CandidateFilters,
  queries: { tsquery: string; inTitle: boolean }[],
  ids: string[],
): Promise<[number, string][]> {
  if (!ids.length || !queries.length) return [];
  const rows = await queryRows<{ i: number; id: string }>(
    db,
    sql`WITH cand AS MATERIALIZED (
        SELECT id, search_vector, title_vector FROM grants
        WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[]) AND ${whereClause({ ...filters, tsquery: null, inTitle: false })}),
      q AS MATERIALIZED (
        SELECT r.i, to_tsquery('english', r.tsq) AS query, r.in_title
        FROM json_to_recordset(${JSON.stringify(queries.map((q, i) => ({ i, tsq: q.tsquery, in_title: q.inTitle })))}::json)
          AS r(i int, tsq text, in_title boolean))
      SELECT q.i, cand.id FROM q JOIN cand
        ON (CASE WHEN q.in_title THEN cand.title_vector ELSE cand.search_vector END) @@ q.query`,
  );
  return rows.map((r) => [Number(r.i), r.id]);
}

/** Of `ids`, the grants that pass `filters` (a saved search's, for alerts after an import). */
export async function findMatchingAmong(db: Db, filters: CandidateFilters, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM grants WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[]) AND ${whereClause(filters)}`,
  );
  return rows.map((r) => r.id);
}

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

/**
 * The grants a query names (known-items.ts) that pass `filters` but their
 * words: opportunity numbers typed whole, then a number's start, then grants
 * of a named Assistance Listing, open ones first, at most 50.
 */
export async function findKnownItems(
  db: Db,
  filters: CandidateFilters,
  keys: { numbers: string[]; prefix: string | null; listings: string[] },
): Promise<{ id: string }[]> {
  const numbers = sql`ARRAY(SELECT json_array_elements_text(${JSON.stringify(keys.numbers)}::json))`;
  const listings = sql`ARRAY(SELECT json_array_elements_text(${JSON.stringify(keys.listings)}::json))`;
  const prefix = keys.prefix ? `${keys.prefix.replace(/[\\%_]/g, '')}%` : null;
  const named = sql`(number_key = ANY(${numbers})${prefix ? sql` OR number_key LIKE ${prefix}` : sql``} OR cfda_numbers && ${listings})`;
  return queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM grants
    WHERE ${named} AND ${whereClause({ ...filters, tsquery: null, inTitle: false })}
    ORDER BY CASE WHEN number_key = ANY(${numbers}) THEN 0 WHEN cfda_numbers && ${listings} THEN 2 ELSE 1 END,
      ${grantStatusSql(sql`${filters.today}::date`)} IN ('posted', 'forecasted') DESC, close_date DESC NULLS LAST, opportunity_number, id
    LIMIT 50`,
  );
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
