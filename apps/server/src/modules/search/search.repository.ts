// Read-only SQL over the grants catalogue for search (see decision 005).
import { sql, type SQL } from 'drizzle-orm';
import type { GrantStatus, SortOption } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';

export type CandidateFilters = {
  statuses: GrantStatus[];
  amountMin: number | null;
  amountMax: number | null;
  dueFrom: string | null;
  dueTo: string | null;
  agencyPrefixes: string[] | null;
  /** Full agency names, for records that carry a name but no agency code. */
  agencyNames: string[] | null;
  agencyText: string | null;
  /** to_tsquery text, already sanitised; null = no keyword condition. */
  tsquery: string | null;
  today: string;
};

export type CandidateRow = {
  id: string;
  opportunity_number: string;
  title: string;
  agency: string | null;
  agency_code: string | null;
  close_date: string | null;
  post_date: string | null;
  award_ceiling: number | null;
  award_floor: number | null;
  status: GrantStatus;
  research_areas: string[];
  description: string | null;
  /** The Assistance Listing's title; its text is read once per program (findProgramTexts). */
  program_title: string | null;
  /** Program title and objectives, as much as scoring reads; filled in by the service. */
  program_text: string | null;
  rank: number;
  /** 100 signed bytes (lib/embeddings.ts), or null for a grant without one. */
  embedding: Uint8Array | null;
};

function statusExpression(today: string) {
  return sql`CASE
    WHEN archive_date IS NOT NULL AND archive_date < ${today}::date THEN 'archived'
    WHEN close_date IS NOT NULL AND close_date < ${today}::date THEN 'closed'
    WHEN record_kind = 'forecast' THEN 'forecasted'
    ELSE 'posted' END`;
}

/**
 * The status filter. "Still open" is written as coalesce(close_date, infinity)
 * so that it is checked row by row: as a plain close_date range the planner
 * ANDs a bitmap of the (close_date, id) index, tens of thousands of entries,
 * into every keyword retrieval, which costs more than the rows it removes.
 */
function statusCondition(statuses: GrantStatus[], today: string): SQL {
  const notArchived = sql`(archive_date IS NULL OR archive_date >= ${today}::date)`;
  const stillOpen = sql`coalesce(close_date, 'infinity'::date) >= ${today}::date`;
  // The default (forecasted and posted): every record is one kind or the other.
  if (statuses.length === 2 && statuses.includes('forecasted') && statuses.includes('posted')) {
    return sql`(${stillOpen} AND ${notArchived})`;
  }
  const parts = statuses.map((status) => {
    switch (status) {
      case 'archived':
        return sql`(archive_date IS NOT NULL AND archive_date < ${today}::date)`;
      case 'forecasted':
        return sql`(record_kind = 'forecast' AND ${stillOpen} AND ${notArchived})`;
      case 'closed':
        return sql`(close_date < ${today}::date AND ${notArchived})`;
      case 'posted':
        return sql`(record_kind = 'synopsis' AND ${stillOpen} AND ${notArchived})`;
    }
  });
  return sql`(${sql.join(parts, sql` OR `)})`;
}

function whereClause(f: CandidateFilters): SQL {
  const conditions: SQL[] = [statusCondition(f.statuses, f.today)];
  // Amount filters compare the award ceiling; a ceiling of 0 means "not published".
  if (f.amountMin !== null) conditions.push(sql`NULLIF(award_ceiling, 0) >= ${f.amountMin}`);
  if (f.amountMax !== null) conditions.push(sql`NULLIF(award_ceiling, 0) <= ${f.amountMax}`);
  if (f.dueFrom) conditions.push(sql`close_date >= ${f.dueFrom}::date`);
  if (f.dueTo) conditions.push(sql`close_date <= ${f.dueTo}::date`);
  if (f.agencyPrefixes?.length) {
    const prefixes = f.agencyPrefixes.map((p) => sql`agency_code LIKE ${`${p}%`}`);
    const names = (f.agencyNames ?? []).map((n) => sql`lower(agency) = ${n.toLowerCase()}`);
    conditions.push(sql`(${sql.join([...prefixes, ...names], sql` OR `)})`);
  } else if (f.agencyText) {
    conditions.push(sql`(agency ILIKE ${`%${f.agencyText}%`} OR agency_code ILIKE ${`${f.agencyText}%`})`);
  }
  if (f.tsquery) conditions.push(sql`search_vector @@ to_tsquery('english', ${f.tsquery})`);
  return sql.join(conditions, sql` AND `);
}

const orderBySort: Record<Exclude<SortOption, 'match'>, SQL> = {
  'due-date-asc': sql`close_date ASC NULLS LAST, id`,
  'due-date-desc': sql`close_date DESC NULLS LAST, id`,
  'amount-desc': sql`award_ceiling DESC NULLS LAST, id`,
  'amount-asc': sql`award_ceiling ASC NULLS LAST, id`,
};

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Seed field weights as ts_rank weights: {D, C, B, A} = agency, description, areas, title. */
const rankExpression = (tsquery: string | null) =>
  tsquery
    ? sql`ts_rank('{0.1, 0.2, 0.3, 0.4}', search_vector, to_tsquery('english', ${tsquery}))`
    : sql`0::real`;

const candidateColumns = (today: string, rankQuery: string | null) => sql`
  id, opportunity_number, title, agency, agency_code,
  to_char(close_date, 'YYYY-MM-DD') AS close_date, to_char(post_date, 'YYYY-MM-DD') AS post_date,
  award_ceiling::float8 AS award_ceiling, award_floor::float8 AS award_floor,
  ${statusExpression(today)} AS status, research_areas,
  left(description, 600) AS description,
  program_title, NULL::text AS program_text,
  embedding,
  ${rankExpression(rankQuery)} AS rank`;

/** A page of grants in a fixed order (sorts other than match, or no keywords). */
export async function findOrderedGrants(
  db: Db,
  filters: CandidateFilters,
  order: { sort: SortOption; limit: number; offset: number },
): Promise<CandidateRow[]> {
  const orderBy = order.sort === 'match' ? sql`close_date ASC NULLS LAST, id` : orderBySort[order.sort];
  const ascendingByDue = order.sort === 'match' || order.sort === 'due-date-asc';
  const onlyOpen = filters.statuses.every((status) => status === 'posted' || status === 'forecasted');
  if (ascendingByDue && onlyOpen) return findOpenByDueDate(db, filters, order.limit, order.offset);
  // The page's ids first (only what the order needs), then the columns and
  // text rank of those rows alone: a broad match is not ranked row by row.
  const result = await db.execute(sql`
    SELECT ${candidateColumns(filters.today, filters.tsquery)}
    FROM grants
    WHERE id IN (
      SELECT id FROM grants
      WHERE ${whereClause(filters)}
      ORDER BY ${orderBy}
      LIMIT ${order.limit} OFFSET ${order.offset})
    ORDER BY ${orderBy}`);
  return rows<CandidateRow>(result);
}

/**
 * Open grants soonest-closing first, read in two index-ordered segments so
 * the query never sorts the whole catalogue: close dates from today on, then
 * no close date.
 */
async function findOpenByDueDate(db: Db, filters: CandidateFilters, limit: number, offset: number) {
  const wanted = offset + limit;
  const segments = [
    sql`close_date >= ${filters.today}::date`,
    sql`close_date IS NULL`,
  ];
  const found: CandidateRow[] = [];
  for (const segment of segments) {
    if (found.length >= wanted) break;
    const result = await db.execute(sql`
      SELECT ${candidateColumns(filters.today, filters.tsquery)}
      FROM grants
      WHERE id IN (
        SELECT id FROM grants
        WHERE ${whereClause(filters)} AND ${segment}
        ORDER BY close_date ASC, id
        LIMIT ${wanted - found.length})
      ORDER BY close_date ASC, id`);
    found.push(...rows<CandidateRow>(result));
  }
  return found.slice(offset, offset + limit);
}

export type PoolPart = { tsquery: string | null; limit: number; areas?: string[]; titleOnly?: boolean };

/**
 * The candidate pool for relevance ranking, and the number of matches (up to
 * `countCap` + 1) in the same statement. The matches of `matchQuery` are read
 * once, cut at the cap: they give the count, and their first `matchedLimit`
 * join the pool beside a few other bounded retrievals (all keywords,
 * keywords in the title, shared research areas), so a broad query costs no
 * more than a narrow one. Pool rows are ranked against `rankQuery` with the
 * seed weights.
 */
export async function findCandidatePool(
  db: Db,
  filters: CandidateFilters,
  pool: { matchQuery: string; countCap: number; matchedLimit: number; parts: PoolPart[] },
): Promise<{ ids: string[]; count: number }> {
  const selects = pool.parts.map((part) => {
    const conditions = [whereClause({ ...filters, tsquery: part.titleOnly ? null : part.tsquery })];
    if (part.titleOnly && part.tsquery) conditions.push(sql`title_vector @@ to_tsquery('english', ${part.tsquery})`);
    if (part.areas?.length) {
      conditions.push(sql`research_areas && ARRAY[${sql.join(part.areas.map((a) => sql`${a}`), sql`, `)}]::text[]`);
    }
    return sql`(SELECT id FROM grants WHERE ${sql.join(conditions, sql` AND `)} LIMIT ${part.limit})`;
  });
  selects.push(sql`(SELECT id FROM matched LIMIT ${pool.matchedLimit})`);
  const result = await db.execute(sql`
    WITH matched AS MATERIALIZED (
      SELECT id FROM grants WHERE ${whereClause({ ...filters, tsquery: pool.matchQuery })} LIMIT ${pool.countCap + 1}
    )
    SELECT (SELECT count(*) FROM matched)::int AS matched_count,
      ARRAY(${sql.join(selects, sql` UNION `)})::text[] AS ids`);
  const [found] = rows<{ matched_count: number; ids: string[] }>(result);
  return { ids: found?.ids ?? [], count: found?.matched_count ?? 0 };
}

/** Ids as one uuid[] parameter (the ids come from our own queries or isGrantId). */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The pool's rows, ranked against `rankQuery` with the seed weights. Read
 * apart from the retrieval, outside its bitmap-only plan settings, so each
 * row is one primary-key look-up.
 */
export async function findCandidateRows(db: Db, ids: string[], today: string, rankQuery: string | null) {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    SELECT ${candidateColumns(today, rankQuery)}
    FROM grants WHERE id = ANY(${uuidArray(ids)})`);
  return rows<CandidateRow>(result);
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
  const result = await db.execute(sql`
    SELECT program_title, left(program_title || ' ' || coalesce(objectives, ''), 600) AS program_text
    FROM grants
    WHERE id IN (
      SELECT DISTINCT ON (program_title) id FROM grants
      WHERE id = ANY(${uuidArray(grantIds)}) AND program_title IS NOT NULL
      ORDER BY program_title, id)`);
  return rows<{ program_title: string; program_text: string }>(result);
}

/**
 * Runs keyword retrievals with bitmap scans only. A keyword search cut at a
 * LIMIT tempts the planner into walking the table (or the primary key) until
 * enough rows match, which is fast when matches are dense and a full scan when
 * the filters together leave a handful; the GIN bitmap costs the same either
 * way (docs/decisions/012-search-plans.md).
 */
export async function withKeywordPlans<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // One statement for both settings (SET LOCAL takes one each): a round trip less per search.
    await t.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
    return work(t);
  });
}

/** Counts matches up to `cap` (+1 tells the caller there are more). */
export async function countCandidates(db: Db, filters: CandidateFilters, cap: number): Promise<number> {
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM grants WHERE ${whereClause(filters)} LIMIT ${cap + 1}) AS m`,
  );
  return rows<{ n: number }>(result)[0]?.n ?? 0;
}

export type GrantRow = {
  id: string;
  source_id: string | null;
  opportunity_number: string;
  title: string;
  agency: string | null;
  agency_code: string | null;
  description: string | null;
  program_title: string | null;
  objectives: string | null;
  research_areas: string[];
  cfda_numbers: string[];
  eligibility_codes: string[];
  eligibility_text: string | null;
  category_codes: string[];
  instrument_codes: string[];
  post_date: string | null;
  close_date: string | null;
  archive_date: string | null;
  award_date: string | null;
  project_start_date: string | null;
  award_ceiling: number | null;
  award_floor: number | null;
  total_funding: number | null;
  expected_awards: number | null;
  cost_sharing: boolean | null;
  status: GrantStatus;
  url: string | null;
};

export async function findGrantRow(db: Db, id: string, today: string): Promise<GrantRow | undefined> {
  const result = await db.execute(sql`
    SELECT id, source_id, opportunity_number, title, agency, agency_code, description, program_title,
      objectives, research_areas, cfda_numbers, eligibility_codes, eligibility_text, category_codes,
      instrument_codes,
      to_char(post_date, 'YYYY-MM-DD') AS post_date, to_char(close_date, 'YYYY-MM-DD') AS close_date,
      to_char(archive_date, 'YYYY-MM-DD') AS archive_date, to_char(award_date, 'YYYY-MM-DD') AS award_date,
      to_char(project_start_date, 'YYYY-MM-DD') AS project_start_date,
      award_ceiling::float8 AS award_ceiling, award_floor::float8 AS award_floor,
      total_funding::float8 AS total_funding, expected_awards, cost_sharing,
      ${statusExpression(today)} AS status, url
    FROM grants WHERE id = ${id}`);
  return rows<GrantRow>(result)[0];
}

export async function findGrantSummaries(db: Db, ids: string[], today: string): Promise<CandidateRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    SELECT id, opportunity_number, title, agency, agency_code,
      to_char(close_date, 'YYYY-MM-DD') AS close_date, to_char(post_date, 'YYYY-MM-DD') AS post_date,
      award_ceiling::float8 AS award_ceiling, award_floor::float8 AS award_floor,
      ${statusExpression(today)} AS status, research_areas, left(description, 600) AS description,
      NULL::text AS program_title, '' AS program_text, NULL::bytea AS embedding, 0::real AS rank
    FROM grants WHERE id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  return rows<CandidateRow>(result);
}

export async function countCatalogue(db: Db, today: string) {
  const result = await db.execute(sql`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE ${statusCondition(['posted', 'forecasted'], today)})::int AS open,
      count(DISTINCT split_part(agency_code, '-', 1)) FILTER (WHERE agency_code IS NOT NULL AND agency_code <> '')::int AS agencies
    FROM grants`);
  return rows<{ total: number; open: number; agencies: number }>(result)[0]!;
}
