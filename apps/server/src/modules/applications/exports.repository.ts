// SQL for the spreadsheet exports of a person's own lists (issue 29 §4): their
// saved grants and the applications GET /applications lists, a batch at a
// time in the lists' order (newest first), each batch after the last row of
// the one before (keyset: the time as text keeps its microseconds).
import { sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import { queryRows, type Db } from '../../db/client';

export type ExportKeyset = { at: string; id: string };

export async function savedGrantIdsBatch(db: Db, userId: string, limit: number, after?: ExportKeyset) {
  return queryRows<{ grant_id: string; at: string }>(
    db,
    sql`SELECT s.grant_id, s.created_at::text AS at
    FROM saved_grants s
    WHERE s.user_id = ${userId}
      ${after ? sql`AND (s.created_at < ${after.at}::timestamptz OR (s.created_at = ${after.at}::timestamptz AND s.grant_id > ${after.id}::uuid))` : sql``}
    ORDER BY s.created_at DESC, s.grant_id
    LIMIT ${limit}`,
  );
}

export type ApplicationExportRow = {
  id: string;
  at: string;
  opportunity_number: string;
  grant_title: string;
  agency: string | null;
  status: ApplicationStatus;
  close_date: string | null;
  internal_deadline: string | null;
  lead_days: number;
  amount_requested: number | null;
  amount_awarded: number | null;
  role: 'pi' | 'co_investigator' | 'contributor';
};

/** The applications the user leads or is an active member of (as GET /applications), newest first. */
export async function applicationsBatch(db: Db, userId: string, limit: number, after?: ExportKeyset) {
  return queryRows<ApplicationExportRow>(
    db,
    sql`SELECT a.id, a.created_at::text AS at, g.opportunity_number, g.title AS grant_title, g.agency, a.status,
      to_char(g.close_date, 'YYYY-MM-DD') AS close_date, to_char(a.internal_deadline, 'YYYY-MM-DD') AS internal_deadline,
      i.internal_deadline_business_days AS lead_days,
      a.amount_requested::float8 AS amount_requested, a.amount_awarded::float8 AS amount_awarded,
      CASE WHEN a.user_id = ${userId} THEN 'pi' ELSE m.role END AS role
    FROM applications a
    JOIN users u ON u.id = a.user_id
    JOIN institutions i ON i.id = u.institution_id
    JOIN grants g ON g.id = a.grant_id
    LEFT JOIN application_members m ON m.application_id = a.id AND m.user_id = ${userId} AND m.status = 'active'
    WHERE (a.user_id = ${userId} OR m.user_id IS NOT NULL)
      ${after ? sql`AND (a.created_at < ${after.at}::timestamptz OR (a.created_at = ${after.at}::timestamptz AND a.id > ${after.id}::uuid))` : sql``}
    ORDER BY a.created_at DESC, a.id
    LIMIT ${limit}`,
  );
}
