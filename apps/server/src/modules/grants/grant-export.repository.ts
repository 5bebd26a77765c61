// SQL for the spreadsheet exports' grant columns that lists do not carry:
// who may apply (Grants.gov applicant codes) and the Grants.gov record id.
import { sql } from 'drizzle-orm';
import { queryRows, uuidArray, type Db } from '../../db/client';

export type GrantExportFactsRow = { id: string; source_id: string | null; eligibility_codes: string[] | null };

export async function findGrantExportFacts(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return queryRows<GrantExportFactsRow>(
    db,
    sql`SELECT id, source_id, eligibility_codes FROM grants WHERE id = ANY(${uuidArray(ids)})`,
  );
}
