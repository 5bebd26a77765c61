// SQL for applications as a team and the research office see them: one
// application with what decides who sees it (its team: a read of team's
// application_members, decision 014), the lists (with their checklist
// counts, a read of documents' application_documents), stage changes with
// their history.
import { sql, type SQL } from 'drizzle-orm';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import { queryRows, uuidArray, withTransaction, type Db } from '../../db/client';

export type ApplicationRow = {
  id: string;
  status: ApplicationStatus;
  pi_id: string;
  pi_name: string;
  pi_title: string | null;
  pi_department: string | null;
  pi_institution_id: string;
  pi_institution_name: string;
  lead_days: number;
  grant_id: string;
  grant_title: string;
  opportunity_number: string;
  agency: string | null;
  close_date: string | null;
  internal_deadline: string | null;
  amount_requested: number | null;
  amount_awarded: number | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const columns = sql`
  a.id, a.status, a.user_id AS pi_id, u.name AS pi_name, u.title AS pi_title, u.department AS pi_department,
  u.institution_id AS pi_institution_id, i.name AS pi_institution_name,
  i.internal_deadline_business_days AS lead_days,
  g.id AS grant_id, g.title AS grant_title, g.opportunity_number, g.agency,
  to_char(g.close_date, 'YYYY-MM-DD') AS close_date, to_char(a.internal_deadline, 'YYYY-MM-DD') AS internal_deadline,
  a.amount_requested::float8 AS amount_requested, a.amount_awarded::float8 AS amount_awarded,
  a.created_at, a.updated_at`;

const from = sql`
  FROM applications a
  JOIN users u ON u.id = a.user_id
  JOIN institutions i ON i.id = u.institution_id
  JOIN grants g ON g.id = a.grant_id`;

export async function findApplicationById(db: Db, id: string) {
  const [row] = await queryRows<ApplicationRow>(db, sql`SELECT ${columns} ${from} WHERE a.id = ${id}`);
  return row;
}

/** The applications of `ids` that exist, in no order. */
export async function findApplicationsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return queryRows<ApplicationRow>(db, sql`SELECT ${columns} ${from} WHERE a.id = ANY(${uuidArray(ids)})`);
}

export type MemberRow = {
  user_id: string;
  name: string;
  title: string | null;
  institution_id: string;
  institution_name: string;
  role: 'co_investigator' | 'contributor';
  status: 'pending' | 'active';
};

/** The team besides the PI, invited and active, in the order they joined. */
export async function listMembers(db: Db, applicationId: string) {
  return queryRows<MemberRow>(
    db,
    sql`SELECT m.user_id, u.name, u.title, u.institution_id, i.name AS institution_name, m.role, m.status
    FROM application_members m
    JOIN users u ON u.id = m.user_id
    JOIN institutions i ON i.id = u.institution_id
    WHERE m.application_id = ${applicationId}
    ORDER BY m.created_at, u.name`,
  );
}

export type ApplicationListRow = ApplicationRow & {
  role: 'pi' | 'co_investigator' | 'contributor' | 'admin';
  documents_completed: number;
  documents_total: number;
};

const documentCounts = sql`
  (SELECT count(*) FILTER (WHERE d.status = 'completed') FROM application_documents d WHERE d.application_id = a.id)::int
    AS documents_completed,
  (SELECT count(*) FROM application_documents d WHERE d.application_id = a.id)::int AS documents_total`;

/** Applications the user leads or is an active member of, newest first. */
export async function listApplicationsOf(db: Db, userId: string) {
  return queryRows<ApplicationListRow>(
    db,
    sql`SELECT ${columns}, CASE WHEN a.user_id = ${userId} THEN 'pi' ELSE m.role END AS role, ${documentCounts}
    ${from}
    LEFT JOIN application_members m ON m.application_id = a.id AND m.user_id = ${userId} AND m.status = 'active'
    WHERE a.user_id = ${userId} OR m.user_id IS NOT NULL
    ORDER BY a.created_at DESC, a.id`,
  );
}

/**
 * One page of the applications of an institution's researchers (the office's view), soonest sponsor
 * deadline first, and how many match in all.
 */
export async function listInstitutionApplications(
  db: Db,
  institutionId: string,
  filter: { status?: ApplicationStatus; grantId?: string },
  page: { page: number; pageSize: number },
) {
  const conditions: SQL[] = [sql`u.institution_id = ${institutionId}`];
  if (filter.status) conditions.push(sql`a.status = ${filter.status}`);
  if (filter.grantId) conditions.push(sql`a.grant_id = ${filter.grantId}`);
  const where = sql.join(conditions, sql` AND `);
  const [rows, [count]] = await Promise.all([
    queryRows<ApplicationListRow>(
      db,
      sql`SELECT ${columns}, 'admin' AS role, ${documentCounts}
      ${from}
      WHERE ${where}
      ORDER BY g.close_date ASC NULLS LAST, a.created_at, a.id
      LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM applications a JOIN users u ON u.id = a.user_id WHERE ${where}`,
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export type ApplicationChanges = {
  status?: ApplicationStatus;
  amountRequested?: number | null;
  amountAwarded?: number | null;
  internalDeadline?: string | null;
};

/**
 * Applies `changes` if the application is still in `expectedStatus` (two
 * people acting at once: the second finds it moved and is told so), and
 * records a stage change in the history, in one transaction. Returns
 * whether it applied.
 */
export async function updateApplication(
  db: Db,
  id: string,
  expectedStatus: ApplicationStatus,
  changes: ApplicationChanges,
  event: { actorId: string; reason: string | null } | null,
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const sets: SQL[] = [sql`updated_at = now()`];
    if (changes.status !== undefined) {
      sets.push(sql`status = ${changes.status}`);
      if (changes.status === 'submitted') sets.push(sql`submitted_at = now()`);
      if (changes.status === 'awarded') sets.push(sql`awarded_at = now()`);
    }
    if (changes.amountRequested !== undefined) sets.push(sql`amount_requested = ${changes.amountRequested}`);
    if (changes.amountAwarded !== undefined) sets.push(sql`amount_awarded = ${changes.amountAwarded}`);
    if (changes.internalDeadline !== undefined) sets.push(sql`internal_deadline = ${changes.internalDeadline}::date`);
    const updated = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE applications SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND status = ${expectedStatus} RETURNING id`,
    );
    if (updated.length === 0) return false;
    if (changes.status !== undefined && changes.status !== expectedStatus && event) {
      await tx.execute(sql`
        INSERT INTO application_events (application_id, actor_id, from_status, to_status, reason)
        VALUES (${id}, ${event.actorId}, ${expectedStatus}, ${changes.status}, ${event.reason})`);
    }
    return true;
  });
}

/** The first history entry of a new application. */
export async function recordApplicationStarted(db: Db, id: string, actorId: string) {
  await db.execute(sql`
    INSERT INTO application_events (application_id, actor_id, from_status, to_status)
    VALUES (${id}, ${actorId}, NULL, 'drafting')`);
}

export type EventRow = {
  id: string;
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus;
  reason: string | null;
  actor_id: string | null;
  actor_name: string | null;
  created_at: Date | string;
};

export async function listEvents(db: Db, applicationId: string) {
  return queryRows<EventRow>(
    db,
    sql`SELECT e.id, e.from_status, e.to_status, e.reason, e.actor_id, u.name AS actor_name, e.created_at
    FROM application_events e LEFT JOIN users u ON u.id = e.actor_id
    WHERE e.application_id = ${applicationId}
    ORDER BY e.created_at, e.id`,
  );
}

/** The application's last stage change, if it was a return to drafting with its reason. */
export async function findOpenReturn(db: Db, applicationId: string) {
  const [row] = await queryRows<{ reason: string; actor_name: string | null; created_at: Date | string }>(
    db,
    sql`SELECT e.reason, u.name AS actor_name, e.created_at
    FROM (SELECT * FROM application_events WHERE application_id = ${applicationId}
      ORDER BY created_at DESC, id DESC LIMIT 1) e
    LEFT JOIN users u ON u.id = e.actor_id
    WHERE e.from_status = 'internal_review' AND e.to_status = 'drafting' AND e.reason IS NOT NULL`,
  );
  return row;
}

export type PartneredRow = {
  id: string;
  status: ApplicationStatus;
  grant_title: string;
  close_date: string | null;
  pi_name: string;
  pi_institution_name: string;
  member_id: string;
  member_name: string;
  member_role: 'co_investigator' | 'contributor';
};

/**
 * Applications of other institutions that the institution's researchers have
 * joined (accepted): what its office may know of them, not their contents.
 */
export async function listPartneredApplications(db: Db, institutionId: string) {
  return queryRows<PartneredRow>(
    db,
    sql`SELECT a.id, a.status, g.title AS grant_title, to_char(g.close_date, 'YYYY-MM-DD') AS close_date,
      u.name AS pi_name, i.name AS pi_institution_name, mu.id AS member_id, mu.name AS member_name, m.role AS member_role
    ${from}
    JOIN application_members m ON m.application_id = a.id AND m.status = 'active'
    JOIN users mu ON mu.id = m.user_id
    WHERE mu.institution_id = ${institutionId} AND u.institution_id <> ${institutionId}
    ORDER BY g.close_date ASC NULLS LAST, a.id, mu.name`,
  );
}
