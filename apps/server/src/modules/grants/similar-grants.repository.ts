// SQL for "More like this" (decision 064): the catalogue's rows as the
// in-memory neighbour index holds them, and a cheap version to tell when to
// reload them.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

export type SimilarIndexRow = {
  id: string;
  opportunity_number: string;
  title: string;
  agency: string | null;
  agency_code: string | null;
  cfda_numbers: string[] | null;
  record_kind: 'synopsis' | 'forecast';
  close_date: string | null;
  archive_date: string | null;
  embedding: Uint8Array | null;
};

/** Every grant's ranking features: title, agency, Assistance Listings, status dates and embedding. */
export async function findSimilarIndexRows(db: Db): Promise<SimilarIndexRow[]> {
  return queryRows<SimilarIndexRow>(
    db,
    sql`SELECT id, opportunity_number, title, agency, agency_code, cfda_numbers, record_kind,
      to_char(close_date, 'YYYY-MM-DD') AS close_date, to_char(archive_date, 'YYYY-MM-DD') AS archive_date, embedding
    FROM grants ORDER BY id`,
  );
}

/**
 * The catalogue's version as two index look-ups: the last recorded change
 * (grant_changes: every insert, and every update of dates, amounts,
 * eligibility or status) and when an import last replaced the mined
 * vocabulary (after any import that changed anything, text included).
 */
export async function findCatalogueVersion(db: Db): Promise<string> {
  const rows = await queryRows<{ changes: string | null; vocabulary: string | null }>(
    db,
    sql`SELECT (SELECT max(id) FROM grant_changes)::text AS changes,
      (SELECT docs FROM grant_words WHERE word = '')::text AS vocabulary`,
  );
  return `${rows[0]?.changes ?? 0}:${rows[0]?.vocabulary ?? 0}`;
}

/** Whether the catalogue holds a grant with this id (a uuid). */
export async function grantExists(db: Db, id: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM grants WHERE id = ${id}`,
  );
  return rows.length > 0;
}
