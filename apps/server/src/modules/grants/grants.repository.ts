// SQL over the grants catalogue: the reads of the grant page, lists and the
// home page's figures, the demo's date shift and the embedding backfill. The
// importer's batched writes are in import/import.repository.ts.
import { sql } from 'drizzle-orm';
import type { GrantStatus } from '@grantbridge/contract/grants';
import { positionalSql, queryRows, withTransaction, type Db } from '../../db/client';
import { grantStatusCondition, grantStatusSql } from './grant-status.repository';

const statusOn = (today: string) => grantStatusSql(sql`${today}::date`);

/** The columns of a grant summary (search results, lists). */
export type GrantSummaryRow = {
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
};

/** A grant page's row: the summary's columns and the rest of the record. */
export type GrantRow = GrantSummaryRow & {
  source_id: string | null;
  program_title: string | null;
  objectives: string | null;
  cfda_numbers: string[];
  eligibility_codes: string[];
  eligibility_text: string | null;
  category_codes: string[];
  instrument_codes: string[];
  archive_date: string | null;
  award_date: string | null;
  project_start_date: string | null;
  total_funding: number | null;
  expected_awards: number | null;
  cost_sharing: boolean | null;
  url: string | null;
};

export async function findGrantRow(
  db: Db,
  id: string,
  today: string,
): Promise<GrantRow | undefined> {
  const result = await queryRows<GrantRow>(
    db,
    sql`
    SELECT id, source_id, opportunity_number, title, agency, agency_code, description, program_title,
      objectives, research_areas, cfda_numbers, eligibility_codes, eligibility_text, category_codes,
      instrument_codes,
      to_char(post_date, 'YYYY-MM-DD') AS post_date, to_char(close_date, 'YYYY-MM-DD') AS close_date,
      to_char(archive_date, 'YYYY-MM-DD') AS archive_date, to_char(award_date, 'YYYY-MM-DD') AS award_date,
      to_char(project_start_date, 'YYYY-MM-DD') AS project_start_date,
      award_ceiling::float8 AS award_ceiling, award_floor::float8 AS award_floor,
      total_funding::float8 AS total_funding, expected_awards, cost_sharing,
      ${statusOn(today)} AS status, url
    FROM grants WHERE id = ${id}`,
  );
  return result[0];
}

export async function findGrantSummaries(
  db: Db,
  ids: string[],
  today: string,
): Promise<GrantSummaryRow[]> {
  if (ids.length === 0) return [];
  const result = await queryRows<GrantSummaryRow>(
    db,
    sql`
    SELECT id, opportunity_number, title, agency, agency_code,
      to_char(close_date, 'YYYY-MM-DD') AS close_date, to_char(post_date, 'YYYY-MM-DD') AS post_date,
      award_ceiling::float8 AS award_ceiling, award_floor::float8 AS award_floor,
      ${statusOn(today)} AS status, research_areas, left(description, 600) AS description
    FROM grants WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return result;
}

/** The grants' word-embedding vectors (100 signed bytes each), for those that have one. */
export async function findGrantEmbeddings(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: string; embedding: Uint8Array }>(
    db,
    sql`SELECT id, embedding FROM grants WHERE embedding IS NOT NULL AND id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}

export async function countCatalogue(db: Db, today: string) {
  const result = await queryRows<{ total: number; open: number; agencies: number }>(
    db,
    sql`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE ${grantStatusCondition(['posted', 'forecasted'], today)})::int AS open,
      count(DISTINCT split_part(agency_code, '-', 1)) FILTER (WHERE agency_code IS NOT NULL AND agency_code <> '')::int AS agencies
    FROM grants`,
  );
  return result[0]!;
}

/** Grants by their status as of `today` (the status rule of grant-status.ts), for the catalogue's refresh card. */
export async function countGrantsByStatus(db: Db, today: string) {
  return queryRows<{ status: GrantStatus; count: number }>(
    db,
    sql`SELECT ${statusOn(today)} AS status, count(*)::int AS count FROM grants GROUP BY 1`,
  );
}

/** The kind and dates of every stored grant (for choosing the demo's date shift). */
export async function listGrantStatusDates(db: Db) {
  return queryRows<{
    record_kind: 'synopsis' | 'forecast';
    close_date: string | null;
    archive_date: string | null;
  }>(
    db,
    positionalSql(
      `SELECT record_kind, close_date::text AS close_date, archive_date::text AS archive_date FROM grants`,
      [],
    ),
  );
}

/**
 * Moves the dates of the grants changed after `changedAfter` (all when null)
 * forward by whole years, recomputes every status, and returns the time of the
 * shift (the shifted rows' updated_at), so a later shift can leave them alone.
 * LastUpdatedDate stays as published: it is the record's version, so a real
 * extract imported later into a demo database still compares as it should.
 */
export async function shiftGrantDates(
  db: Db,
  years: number,
  today: string,
  changedAfter: string | null = null,
) {
  if (!Number.isInteger(years) || !/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error('bad shift');
  const shift = (c: string) => `${c} = (${c} + interval '${years} years')::date`;
  return withTransaction(db, async (t) => {
    // Moving demo dates is not news: no "what changed" notices for it (db/functions/grants/record_grant_change.sql).
    await t.execute(sql`SET LOCAL gb.skip_grant_changes = 'on'`);
    await queryRows(
      t,
      positionalSql(
        `UPDATE grants SET ${[
          'post_date',
          'close_date',
          'archive_date',
          'award_date',
          'project_start_date',
        ]
          .map(shift)
          .join(', ')}, updated_at = now()
       WHERE $1::timestamptz IS NULL OR updated_at > $1::timestamptz`,
        [changedAfter],
      ),
    );
    await t.execute(
      sql`UPDATE grants SET status = ${statusOn(today)} WHERE status IS DISTINCT FROM ${statusOn(today)}`,
    );
    const [row] = await queryRows<{ at: string }>(t, positionalSql(`SELECT now()::text AS at`, []));
    return row!.at;
  });
}

/** Grants stored before embeddings existed (or whose text had no known word), a page at a time. */
export async function findGrantsWithoutEmbedding(db: Db, afterId: string | null, limit: number) {
  return queryRows<{
    id: string;
    title: string;
    research_areas: string[];
    description: string | null;
    program_title: string | null;
  }>(
    db,
    positionalSql(
      `SELECT id, title, research_areas, description, program_title FROM grants
     WHERE embedding IS NULL AND ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $2`,
      [afterId, limit],
    ),
  );
}

export async function setGrantEmbeddings(db: Db, rows: { id: string; embedding: string }[]) {
  if (!rows.length) return;
  await queryRows(
    db,
    positionalSql(
      `UPDATE grants g SET embedding = r.embedding FROM json_to_recordset($1::json) AS r(id uuid, embedding bytea) WHERE g.id = r.id`,
      [JSON.stringify(rows)],
    ),
  );
}

/** Grants without agencies worked out, or with `all` every grant, a page at a time by id. */
export async function findGrantsForAgencyKeys(db: Db, afterId: string | null, limit: number, all = false) {
  return queryRows<{
    id: string;
    agency: string | null;
    agency_code: string | null;
    opportunity_number: string;
    cfda_numbers: string[];
  }>(
    db,
    positionalSql(
      `SELECT id, agency, agency_code, opportunity_number, cfda_numbers FROM grants
     WHERE ($3::boolean OR agency_keys IS NULL) AND ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $2`,
      [afterId, limit, all],
    ),
  );
}

export async function setGrantAgencyKeys(db: Db, rows: { id: string; keys: string[] }[]) {
  if (!rows.length) return;
  await queryRows(
    db,
    positionalSql(
      `UPDATE grants g SET agency_keys = r.keys FROM json_to_recordset($1::json) AS r(id uuid, keys text[]) WHERE g.id = r.id`,
      [JSON.stringify(rows)],
    ),
  );
}

/** The research areas of every open or forecasted grant (for counting the open grants a profile fits). */
export async function findOpenGrantAreas(db: Db, today: string) {
  return queryRows<{
    id: string;
    title: string;
    agency_key: string | null;
    close_date: string | null;
    post_date: string | null;
    research_areas: string[];
  }>(
    db,
    sql`SELECT id, title, coalesce(agency_code, agency) AS agency_key, to_char(close_date, 'YYYY-MM-DD') AS close_date,
        to_char(post_date, 'YYYY-MM-DD') AS post_date, research_areas FROM grants
      WHERE ${grantStatusCondition(['posted', 'forecasted'], today)} AND cardinality(research_areas) > 0`,
  );
}
