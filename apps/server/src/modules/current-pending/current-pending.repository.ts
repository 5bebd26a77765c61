// SQL for Current and Pending Support (decision 062): the module's own
// tables (award details, each person's role and person-months per year),
// and a person's current and pending applications: a read of the
// applications', team's and grants' tables (decision 014).
import { sql } from 'drizzle-orm';
import { currentSupportStage, type SupportRole } from '@grantbridge/contract/current-pending';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import { queryRows, uuidArray, withTransaction, type Db } from '../../db/client';
import { statusIn } from '../../db/stage-sql';

export type SupportRow = {
  award_number: string | null;
  project_start: string | null;
  project_end: string | null;
  overlap_statement: string | null;
};

export type EffortDbRow = { user_id: string; support_role: SupportRole | null };
export type EffortYearRow = { application_id: string; user_id: string; year: number; person_months: number };

export async function findSupport(db: Db, applicationId: string): Promise<SupportRow | undefined> {
  const [row] = await queryRows<SupportRow>(
    db,
    sql`SELECT award_number, to_char(project_start, 'YYYY-MM-DD') AS project_start,
      to_char(project_end, 'YYYY-MM-DD') AS project_end, overlap_statement
    FROM application_support WHERE application_id = ${applicationId}`,
  );
  return row;
}

export async function saveSupport(db: Db, applicationId: string, support: SupportRow) {
  await db.execute(sql`
    INSERT INTO application_support (application_id, award_number, project_start, project_end, overlap_statement, updated_at)
    VALUES (${applicationId}, ${support.award_number}, ${support.project_start}, ${support.project_end}, ${support.overlap_statement}, now())
    ON CONFLICT (application_id) DO UPDATE SET award_number = EXCLUDED.award_number, project_start = EXCLUDED.project_start,
      project_end = EXCLUDED.project_end, overlap_statement = EXCLUDED.overlap_statement, updated_at = now()`);
}

/** Everyone's role on the application (those with a row). */
export async function listEffort(db: Db, applicationId: string) {
  return queryRows<EffortDbRow>(db, sql`SELECT user_id, support_role FROM application_effort WHERE application_id = ${applicationId}`);
}

/** Person-months entered on the applications of `ids`, by `userId` only when given. */
export async function listEffortYears(db: Db, ids: string[], userId?: string) {
  if (ids.length === 0) return [];
  return queryRows<EffortYearRow>(
    db,
    sql`SELECT application_id, user_id, year, person_months::float8 AS person_months FROM application_effort_years
    WHERE application_id = ANY(${uuidArray(ids)}) ${userId ? sql`AND user_id = ${userId}` : sql``}
    ORDER BY year`,
  );
}

/** Replaces a person's role and person-months on an application. */
export async function saveEffort(
  db: Db,
  applicationId: string,
  userId: string,
  role: SupportRole | null,
  years: { year: number; personMonths: number }[],
) {
  await withTransaction(db, async (tx) => {
    await tx.execute(sql`
      INSERT INTO application_effort (application_id, user_id, support_role, updated_at)
      VALUES (${applicationId}, ${userId}, ${role}, now())
      ON CONFLICT (application_id, user_id) DO UPDATE SET support_role = EXCLUDED.support_role, updated_at = now()`);
    await tx.execute(sql`DELETE FROM application_effort_years WHERE application_id = ${applicationId} AND user_id = ${userId}`);
    for (const y of years) {
      await tx.execute(sql`
        INSERT INTO application_effort_years (application_id, user_id, year, person_months)
        VALUES (${applicationId}, ${userId}, ${y.year}, ${y.personMonths})`);
    }
  });
}

export type SupportEntryRow = SupportRow & {
  id: string;
  status: ApplicationStatus;
  pi_id: string;
  amount_requested: number | null;
  amount_awarded: number | null;
  title: string;
  agency: string | null;
  opportunity_number: string;
  support_role: SupportRole | null;
};

/**
 * The person's current support (awarded, unless its project period has ended)
 * and pending support (sent to the sponsor, not yet decided), as PI or active
 * team member.
 */
export async function listSupportEntries(db: Db, userId: string) {
  return queryRows<SupportEntryRow>(
    db,
    sql`SELECT a.id, a.status, a.user_id AS pi_id, a.amount_requested::float8 AS amount_requested,
      a.amount_awarded::float8 AS amount_awarded, g.title, g.agency, g.opportunity_number,
      s.award_number, to_char(s.project_start, 'YYYY-MM-DD') AS project_start,
      to_char(s.project_end, 'YYYY-MM-DD') AS project_end, s.overlap_statement, e.support_role
    FROM applications a
    JOIN grants g ON g.id = a.grant_id
    LEFT JOIN application_support s ON s.application_id = a.id
    LEFT JOIN application_effort e ON e.application_id = a.id AND e.user_id = ${userId}
    WHERE (a.user_id = ${userId} OR EXISTS (
        SELECT 1 FROM application_members m WHERE m.application_id = a.id AND m.user_id = ${userId} AND m.status = 'active'))
      AND ((a.status = ${currentSupportStage} AND (s.project_end IS NULL OR s.project_end >= current_date))
        OR ${statusIn('a.status', 'applied')})
    ORDER BY s.project_start NULLS LAST, g.title, a.id`,
  );
}
