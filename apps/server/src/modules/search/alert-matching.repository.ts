// Saved searches' alerts (alert-matching.ts): which of a batch of new or
// changed grants each search matches, in one statement for many searches.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { whereClause, type CandidateFilters } from './search.repository';

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
