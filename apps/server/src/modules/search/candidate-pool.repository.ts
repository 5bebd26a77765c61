// The candidate pool relevance ranking reads from: bounded retrievals and the count of matches
// in one statement, the grants a query names, and the bitmap-only plans they run under (decision 012).
import { sql } from 'drizzle-orm';
import { queryRows, withTransaction, type Db } from '../../db/client';
import { grantStatusSql } from '../grants/grants.service';
import { whereClause, type CandidateFilters } from './search.repository';

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
  pool: { matchQuery: string | null; countCap: number; matchedLimit: number; parts: PoolPart[] },
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
