// Row checks on the catalogue for the importer's tests (the extracts they
// import are built by test-extracts.ts).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';

/** The rows of any query, typed by the caller. */
export async function rows<T = Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>) {
  return queryRows<T>(db, query);
}

/** The Grants.gov grant stored under `key`, with its award ceiling as a number. */
export async function grantByKey(db: Db, key: string) {
  const [row] = await rows(
    db,
    sql`select *, award_ceiling::float8 as award_ceiling from grants where source = 'grants.gov' and source_key = ${key}`,
  );
  return row;
}

/** How many grants the catalogue holds. */
export async function countGrants(db: Db) {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from grants`);
  return row!.n;
}

/** Grants whose stored vectors differ from one to_tsvector of each field, in the trigger's order (migration 0037). */
export async function vectorMismatches(db: Db) {
  return rows<{ source_key: string }>(
    db,
    sql`select source_key from grants where
      title_vector is distinct from to_tsvector('english', coalesce(title, ''))
      or search_vector is distinct from ts_delete(
        setweight(to_tsvector('english', coalesce(title, '')), 'A') || '''§end0'':1'::tsvector ||
        setweight(to_tsvector('english', coalesce(description, '')), 'C') || '''§end1'':1'::tsvector ||
        setweight(to_tsvector('english', coalesce(program_title, '') || ' ' || coalesce(objectives, '')), 'B') || '''§end2'':1'::tsvector ||
        setweight(to_tsvector('english', coalesce(array_to_string(research_areas, ' '), '')), 'B') || '''§end3'':1'::tsvector ||
        setweight(to_tsvector('english', coalesce(agency, '') || ' ' || coalesce(agency_code, '')), 'D'),
        ARRAY['§end0', '§end1', '§end2', '§end3'])`,
  );
}

/** The definitions of the catalogue's indexes, in name order. */
export async function grantIndexes(db: Db) {
  const found = await rows<{ indexdef: string }>(
    db,
    sql`select indexdef from pg_indexes where schemaname = current_schema() and tablename = 'grants' order by indexname`,
  );
  return found.map((r) => r.indexdef);
}
