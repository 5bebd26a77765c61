// SQL for one researcher as their research office sees them: who they are,
// what they lead, whom they work with, their decisions and funding in two
// periods, publications, recent alerts and tasks.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { Period, Scope } from './period';
import { within } from './period.repository';
import { reportRows } from './pipeline-report.repository';

export type PersonRow = {
  id: string;
  institution_id: string;
  role: 'researcher' | 'admin';
  name: string;
  email: string;
  title: string | null;
  department: string | null;
  status: 'active' | 'deactivated';
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  research_areas: string[] | null;
  about: string | null;
};

/** A person with their profile, or null. */
export async function findPerson(db: Db, id: string) {
  const [row] = await queryRows<PersonRow>(
    db,
    sql`SELECT u.id, u.institution_id, u.role, u.name, u.email, u.title, u.department, u.status, u.last_sign_in_at, u.created_at,
      p.research_areas, p.about
    FROM users u LEFT JOIN researcher_profiles p ON p.user_id = u.id
    WHERE u.id = ${id}`,
  );
  return row ?? null;
}

/** The applications the person leads, as the Grant Status page lists them (`limit` of them, last changed first). */
export async function ledApplications(db: Db, scope: Scope, userId: string, limit: number) {
  return reportRows(db, scope, sql`a.user_id = ${userId}`, limit);
}

export type DecisionRow = { submitted: number; awarded: number; rejected: number; funding: number };

/** Submitted, awarded (with funding) and declined within a period, of applications the person leads. */
export async function decisions(db: Db, userId: string, period: Period) {
  const [row] = await queryRows<DecisionRow>(
    db,
    sql`SELECT
      count(*) FILTER (WHERE ${within(sql`a.submitted_at`, period)})::int AS submitted,
      count(*) FILTER (WHERE a.status = 'awarded' AND ${within(sql`a.awarded_at`, period)})::int AS awarded,
      count(*) FILTER (WHERE a.status = 'rejected' AND ${within(sql`a.declined_at`, period)})::int AS rejected,
      coalesce(sum(a.amount_awarded) FILTER (WHERE a.status = 'awarded' AND ${within(sql`a.awarded_at`, period)}), 0)::float8 AS funding
    FROM applications a WHERE a.user_id = ${userId}`,
  );
  return row ?? { submitted: 0, awarded: 0, rejected: 0, funding: 0 };
}

export async function totals(db: Db, userId: string, thisYear: number) {
  const [row] = await queryRows<{ funding: number; applications: number; publications: number; pubs_this: number; pubs_last: number }>(
    db,
    sql`SELECT
      (SELECT coalesce(sum(amount_awarded), 0)::float8 FROM applications WHERE user_id = ${userId} AND status = 'awarded') AS funding,
      (SELECT count(*)::int FROM applications WHERE user_id = ${userId}) AS applications,
      (SELECT count(*)::int FROM publications WHERE user_id = ${userId}) AS publications,
      (SELECT count(*)::int FROM publications WHERE user_id = ${userId} AND year = ${thisYear}) AS pubs_this,
      (SELECT count(*)::int FROM publications WHERE user_id = ${userId} AND year = ${thisYear - 1}) AS pubs_last`,
  );
  return row!;
}

export type CollaborationRow = {
  application_id: string;
  grant_title: string;
  role: 'pi' | 'co_investigator' | 'contributor';
  my_status: 'active' | 'pending';
  person_id: string;
  person_name: string;
  person_institution: string;
  person_status: 'active' | 'pending';
};

/**
 * Teams the person is on (leading or invited) that include people of other
 * institutions: one row per such teammate.
 */
export async function collaborations(db: Db, userId: string, institutionId: string) {
  return queryRows<CollaborationRow>(
    db,
    sql`WITH mine AS (
        SELECT a.id, 'pi' AS role, 'active' AS my_status FROM applications a WHERE a.user_id = ${userId}
          AND a.status <> 'withdrawn'
        UNION ALL
        SELECT m.application_id, m.role, m.status FROM application_members m JOIN applications a ON a.id = m.application_id
        WHERE m.user_id = ${userId} AND a.status <> 'withdrawn'
      ), team AS (
        SELECT a.id AS application_id, a.user_id AS person_id, 'active' AS person_status FROM applications a JOIN mine ON mine.id = a.id
        UNION ALL
        SELECT m.application_id, m.user_id, m.status FROM application_members m JOIN mine ON mine.id = m.application_id
      )
      SELECT mine.id AS application_id, g.title AS grant_title, mine.role, mine.my_status,
        pu.id AS person_id, pu.name AS person_name, pi.name AS person_institution, team.person_status
      FROM mine
      JOIN applications a ON a.id = mine.id
      JOIN grants g ON g.id = a.grant_id
      JOIN team ON team.application_id = mine.id
      JOIN users pu ON pu.id = team.person_id
      JOIN institutions pi ON pi.id = pu.institution_id
      WHERE pu.id <> ${userId} AND pu.institution_id <> ${institutionId}
      ORDER BY a.updated_at DESC, a.id, pu.name
      LIMIT 200`,
  );
}

export async function recentNotifications(db: Db, userId: string, limit: number) {
  return queryRows<{ id: string; kind: string; title: string; created_at: Date | string }>(
    db,
    sql`SELECT id, kind, title, created_at FROM notifications WHERE user_id = ${userId} AND in_app
    ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
}

export type TaskRow = {
  id: string;
  title: string;
  status: string;
  priority: string;
  due_date: string | null;
  application_id: string;
  grant_title: string;
};

/** Tasks assigned to the person, open ones first by due day. */
export async function assignedTasks(db: Db, userId: string, limit: number) {
  return queryRows<TaskRow>(
    db,
    sql`SELECT t.id, t.title, t.status, t.priority, to_char(t.due_date, 'YYYY-MM-DD') AS due_date,
      a.id AS application_id, g.title AS grant_title
    FROM application_tasks t JOIN applications a ON a.id = t.application_id JOIN grants g ON g.id = a.grant_id
    WHERE t.assignee_id = ${userId}
    ORDER BY (t.status = 'completed'), t.due_date ASC NULLS LAST, t.created_at
    LIMIT ${limit}`,
  );
}
