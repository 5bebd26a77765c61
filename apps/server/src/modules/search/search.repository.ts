// Read-only SQL over the grants catalogue for search (see decision 005): the filters every
// search applies, a candidate's columns and rows, pages in a fixed order (the pool: candidate-pool.repository.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { GrantStatus, SortOption } from '@grantbridge/contract/grants';
import { isEmbedded, queryRows, type Db } from '../../db/client';
import { grantStatusCondition, grantStatusSql } from '../grants/grants.service';
import { minStatedAmount, type GrantSummaryRow } from '../grants/grants.service';
import { parseHits, type Hits } from './bm25f';

export type CandidateFilters = {
  statuses: GrantStatus[];
  amountMin: number | null;
  amountMax: number | null;
  /** Only grants that publish no award ceiling (none, or under minStatedAmount). */
  amountUnstated?: boolean;
  dueFrom: string | null;
  dueTo: string | null;
  /** Only announced grants (not forecasts) that state no closing date: rolling, or open until funds run out. */
  noDeadline?: boolean;
  /** Only grants that state no cost sharing or matching is required (Grants.gov's "cost sharing or matching requirement: No"). */
  noCostShare?: boolean;
  /** An agency of `agencyAliases` by acronym: grants that belong to it whole (grants.agency_keys). */
  agencyKey: string | null;
  /** Several agencies of `agencyAliases` by acronym: a grant of any of them. */
  agencyKeys?: string[] | null;
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

/** A candidate as the database answers it: the embedding as hex, the lexemes' positions as tsvector text. */
type CandidateRecord = Omit<CandidateRow, 'hits' | 'embedding'> & { hits_text: string | null; embedding: string | null };

/**
 * The candidates `select` reads (a SELECT of candidateColumns), in `order`
 * when given. From PGlite as one JSON text: it answers from its own thread,
 * and one string crosses to this one and parses in about half the time of
 * hundreds of rows of typed columns (a bytea the slowest); from PostgreSQL as
 * rows, which node-postgres reads faster than the JSON (decision 042
 * addendum, bench:search).
 */
async function readCandidates(db: Db, select: SQL, order?: SQL): Promise<CandidateRow[]> {
  let records: CandidateRecord[];
  if (isEmbedded(db)) {
    const aggregate = order ? sql`json_agg(c ORDER BY ${order})` : sql`json_agg(c)`;
    const [found] = await queryRows<{ rows: string }>(db, sql`SELECT coalesce(${aggregate}, '[]')::text AS rows FROM (${select}) AS c`);
    records = JSON.parse(found?.rows ?? '[]') as CandidateRecord[];
  } else {
    records = await queryRows<CandidateRecord>(db, order ? sql`SELECT * FROM (${select}) AS c ORDER BY ${order}` : select);
  }
  return records.map(({ hits_text, embedding, ...row }) => ({
    ...row,
    embedding: embedding === null ? null : Buffer.from(embedding, 'hex'),
    hits: parseHits(hits_text),
  }));
}

/** The filters' conditions, one SQL fragment (every statement over the catalogue applies them). */
export function whereClause(f: CandidateFilters): SQL {
  const conditions: SQL[] = [grantStatusCondition(f.statuses, f.today)];
  // Amount filters compare the award ceiling; one under minStatedAmount ($0, $1, $2) means "not published".
  if (f.amountMin !== null)
    conditions.push(sql`award_ceiling >= ${Math.max(f.amountMin, minStatedAmount)}`);
  if (f.amountMax !== null)
    conditions.push(sql`award_ceiling >= ${minStatedAmount} AND award_ceiling <= ${f.amountMax}`);
  if (f.amountUnstated) conditions.push(sql`(award_ceiling IS NULL OR award_ceiling < ${minStatedAmount})`);
  if (f.dueFrom) conditions.push(sql`close_date >= ${f.dueFrom}::date`);
  if (f.dueTo) conditions.push(sql`close_date <= ${f.dueTo}::date`);
  if (f.noDeadline) conditions.push(sql`close_date IS NULL AND record_kind = 'synopsis'`);
  if (f.noCostShare) conditions.push(sql`cost_sharing = false`);
  if (f.agencyKey) {
    conditions.push(sql`agency_keys @> ARRAY[${f.agencyKey}]::text[]`);
  } else if (f.agencyKeys?.length) {
    conditions.push(
      sql`agency_keys && ARRAY[${sql.join(
        f.agencyKeys.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]`,
    );
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
  'posted-desc': sql`post_date DESC NULLS LAST, id`,
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
  encode(embedding, 'hex') AS embedding, field_ends,
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
  return readCandidates(
    db,
    sql`
    SELECT ${candidateColumns(filters.today, lexemes)}
    FROM grants
    WHERE id IN (
      SELECT id FROM grants
      WHERE ${whereClause(filters)}
      ORDER BY ${orderBy}
      LIMIT ${order.limit} OFFSET ${order.offset})`,
    orderBy,
  );
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
    const rows = await readCandidates(
      db,
      sql`
      SELECT ${candidateColumns(filters.today, lexemes)}
      FROM grants
      WHERE id IN (
        SELECT id FROM grants
        WHERE ${whereClause(filters)} AND ${segment}
        ORDER BY close_date ASC, id
        LIMIT ${wanted - found.length})`,
      sql`close_date ASC, id`,
    );
    found.push(...rows);
  }
  return found.slice(offset, offset + limit);
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
  return readCandidates(
    db,
    sql`
    SELECT ${candidateColumns(today, lexemes)}
    FROM grants WHERE id = ANY(${uuidArray(ids)})`,
  );
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

/** Titles of grants (any status, any version) that say `text` as a phrase (typed-titles.ts compares them word for word). */
export async function findTitlesSaying(db: Db, text: string, limit = 50): Promise<string[]> {
  const rows = await queryRows<{ title: string }>(
    db,
    sql`SELECT title FROM grants WHERE title_vector @@ phraseto_tsquery('english', ${text}) LIMIT ${limit}`,
  );
  return rows.map((row) => row.title);
}

/** The opportunity numbers of grants whose number, compacted (grants.number_key), is one of `keys`. */
export async function findOpportunityNumbers(db: Db, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await queryRows<{ n: string }>(
    db,
    sql`SELECT DISTINCT opportunity_number AS n FROM grants
    WHERE number_key = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(keys)}::json))) LIMIT 10`,
  );
  return rows.map((row) => row.n);
}

