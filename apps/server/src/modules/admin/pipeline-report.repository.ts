// SQL for the Grant Status page and its export: the four counts, the
// applications a status filter picks (also read in keyset batches for the
// CSV), the most saved grants, pending team invitations, recent stage
// changes and what needs the office's attention.
import { sql, type SQL } from 'drizzle-orm';
import type { PipelineStatusFilter } from '@grantbridge/contract/admin';
import { queryRows, type Db } from '../../db/client';
import { statusIn } from '../../db/stage-sql';
import { openGrantsFittingGroup } from '../grants/grants.service';
import { areaSets } from './overview.repository';
import type { Period, Scope } from './period';
import { ledInScope, savedInScope, within } from './period.repository';


/** Which applications a status filter picks (decision 037). */
export function statusCondition(status: PipelineStatusFilter, period: Period): SQL {
  switch (status) {
    case 'awarded':
      return sql`a.status = 'awarded' AND ${within(sql`a.awarded_at`, period)}`;
    case 'rejected':
      return sql`a.status = 'rejected' AND ${within(sql`a.declined_at`, period)}`;
    case 'pending_review':
      return sql`a.status = 'internal_review'`;
    case 'applied':
      return statusIn('a.status', 'applied');
    case 'pending':
      return statusIn('a.status', 'pending');
    case 'in_progress':
      return statusIn('a.status', 'inProgress');
    case 'all':
      return sql`(a.created_at < (${period.to}::date + 1)::timestamp AT TIME ZONE 'UTC'
        AND (${statusIn('a.status', 'inProgress')} OR a.updated_at >= (${period.from}::date)::timestamp AT TIME ZONE 'UTC'))`;
  }
}

export async function pipelineCounts(db: Db, scope: Scope, period: Period) {
  const count = (where: SQL) =>
    sql`(SELECT count(*)::int FROM applications a WHERE ${ledInScope(scope)} AND ${where})`;
  const [row] = await queryRows<{ awarded: number; pending_review: number; applied: number; rejected: number }>(
    db,
    sql`SELECT ${count(statusCondition('awarded', period))} AS awarded,
      ${count(statusCondition('pending_review', period))} AS pending_review,
      ${count(statusCondition('applied', period))} AS applied,
      ${count(statusCondition('rejected', period))} AS rejected`,
  );
  return {
    awarded: row?.awarded ?? 0,
    pendingReview: row?.pending_review ?? 0,
    applied: row?.applied ?? 0,
    rejected: row?.rejected ?? 0,
  };
}

export type ReportRow = {
  id: string;
  status: string;
  pi_id: string;
  pi_name: string;
  pi_department: string | null;
  grant_id: string;
  grant_title: string;
  opportunity_number: string;
  agency: string | null;
  close_date: string | null;
  internal_deadline: string | null;
  lead_days: number;
  amount_requested: number | null;
  amount_awarded: number | null;
  documents_completed: number;
  documents_total: number;
  updated_at: Date | string;
};

/** A row of a list read a page at a time, with the moment the list is ordered by (last change, or the decision) in UTC at full precision. */
export type PagedRow = ReportRow & { order_key: string };

/** Where a page ended: the moment the list is ordered by and the application's id. */
export type Keyset = { at: string; id: string };

/** A timestamptz as `YYYY-MM-DDTHH:MM:SS.ffffffZ`, whatever the session's time zone (a list cursor). */
const utcKey = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const before = (column: SQL, after: Keyset | undefined) =>
  after ? sql`AND (${column}, a.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;

const reportColumns = sql`a.id, a.status, u.id AS pi_id, u.name AS pi_name, u.department AS pi_department,
  g.id AS grant_id, g.title AS grant_title, g.opportunity_number, g.agency,
  to_char(g.close_date, 'YYYY-MM-DD') AS close_date, to_char(a.internal_deadline, 'YYYY-MM-DD') AS internal_deadline,
  i.internal_deadline_business_days AS lead_days,
  a.amount_requested::float8 AS amount_requested, a.amount_awarded::float8 AS amount_awarded,
  a.updated_at`;

const reportFrom = sql`FROM applications a
  JOIN users u ON u.id = a.user_id
  JOIN institutions i ON i.id = u.institution_id
  JOIN grants g ON g.id = a.grant_id`;

/** The picked rows' document progress, counted once the rows are picked (not for every candidate). */
function withDocuments(picked: SQL, order: SQL) {
  return sql`SELECT x.*, coalesce(d.completed, 0)::int AS documents_completed, coalesce(d.total, 0)::int AS documents_total
  FROM (${picked}) x
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE ad.status = 'completed') AS completed, count(*) AS total
    FROM application_documents ad WHERE ad.application_id = x.id
  ) d ON TRUE
  ORDER BY ${order}`;
}

/**
 * The applications `where` picks, last changed first, `limit` of them after
 * the keyset `after`: picked from the index by last change (which holds the
 * dates and state the filters test), then read with their people and grants.
 */
export async function reportRows(db: Db, scope: Scope, where: SQL, limit: number, after?: Keyset) {
  return queryRows<PagedRow>(
    db,
    withDocuments(
      sql`SELECT ${reportColumns}, ${utcKey(sql`a.updated_at`)} AS order_key
      FROM (SELECT a.id FROM applications a
        WHERE ${ledInScope(scope)} AND ${where} ${before(sql`a.updated_at`, after)}
        ORDER BY a.updated_at DESC NULLS LAST, a.id DESC NULLS LAST
        LIMIT ${limit}) p
      JOIN applications a ON a.id = p.id
      JOIN users u ON u.id = a.user_id
      JOIN institutions i ON i.id = u.institution_id
      JOIN grants g ON g.id = a.grant_id`,
      sql`x.updated_at DESC, x.id DESC`,
    ),
  );
}

/**
 * The period's awards or declines, latest decision first, read from the
 * index of that decision's day (walking every application by last change to
 * find the period's would cost the whole history). An application's decline
 * is its latest stage change to rejected (the report key `declined_at`).
 */
export async function decidedRows(
  db: Db,
  scope: Scope,
  outcome: 'awarded' | 'rejected',
  period: Period,
  limit: number,
  after?: Keyset,
) {
  const decided = outcome === 'awarded' ? sql`a.awarded_at` : sql`a.declined_at`;
  const picked = sql`SELECT ${reportColumns}, ${decided} AS decided_at, ${utcKey(decided)} AS order_key ${reportFrom}
    WHERE ${ledInScope(scope)} AND ${statusCondition(outcome, period)} ${before(decided, after)}
    ORDER BY ${decided} DESC, a.id DESC LIMIT ${limit}`;
  return queryRows<PagedRow>(db, withDocuments(picked, sql`x.decided_at DESC, x.id DESC`));
}

/** How many applications a status filter picks. */
export async function countRows(db: Db, scope: Scope, status: PipelineStatusFilter, period: Period) {
  const count = (where: SQL) => sql`(SELECT count(*) FROM applications a WHERE ${ledInScope(scope)} AND ${where})`;
  const started = sql`a.created_at < (${period.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
  const periodStart = sql`(${period.from}::date)::timestamp AT TIME ZONE 'UTC'`;
  // Everything live in the period, as two ranges of the indexes (changed since its start; still in progress
  // but unchanged since before it), so neither reads the table.
  const [row] = await queryRows<{ n: number }>(
    db,
    status === 'all'
      ? sql`SELECT (${count(sql`a.updated_at >= ${periodStart} AND ${started}`)}
          + ${count(sql`${statusIn('a.status', 'inProgress')} AND a.updated_at < ${periodStart} AND ${started}`)})::int AS n`
      : sql`SELECT ${count(statusCondition(status, period))}::int AS n`,
  );
  return row?.n ?? 0;
}

/** Applications in progress, soonest sponsor deadline first. */
export async function inProgressRows(db: Db, scope: Scope, limit: number) {
  return queryRows<ReportRow>(
    db,
    withDocuments(
      sql`SELECT ${reportColumns} ${reportFrom}
      WHERE ${ledInScope(scope)} AND ${statusIn('a.status', 'inProgress')}
      ORDER BY a.grant_close_date ASC NULLS LAST, a.id
      LIMIT ${limit}`,
      sql`x.close_date ASC NULLS LAST, x.id`,
    ),
  );
}

export type SavedGrantRow = {
  id: string;
  title: string;
  agency: string | null;
  close_date: string | null;
  count: number;
  savers: { id: string; name: string; department: string | null }[];
};

/** The grants saved by the most active people in scope, with (the first five of) who saved them. */
export async function mostSavedGrants(db: Db, scope: Scope, limit: number) {
  return queryRows<SavedGrantRow>(
    db,
    sql`WITH top AS (
        SELECT s.grant_id, count(*)::int AS count FROM saved_grants s
        WHERE ${savedInScope(scope)}
        GROUP BY s.grant_id ORDER BY count DESC, s.grant_id LIMIT ${limit}
      )
      SELECT g.id, g.title, g.agency, to_char(g.close_date, 'YYYY-MM-DD') AS close_date, top.count,
        (SELECT json_agg(json_build_object('id', u.id, 'name', u.name, 'department', u.department) ORDER BY x.created_at DESC)
         FROM (SELECT s.user_id, s.created_at FROM saved_grants s
               WHERE s.grant_id = top.grant_id AND ${savedInScope(scope)}
               ORDER BY s.created_at DESC LIMIT 5) x JOIN users u ON u.id = x.user_id) AS savers
      FROM top JOIN grants g ON g.id = top.grant_id
      ORDER BY top.count DESC, g.id`,
  );
}

export type InvitationRow = {
  application_id: string;
  grant_title: string;
  pi_id: string;
  pi_name: string;
  pi_department: string | null;
  invitee_id: string;
  invitee_name: string;
  invitee_institution: string;
  invited_at: Date | string;
};

/** Team invitations not yet accepted on applications led in scope. */
export async function pendingInvitations(db: Db, scope: Scope, limit: number) {
  return queryRows<InvitationRow>(
    db,
    sql`SELECT a.id AS application_id, g.title AS grant_title, u.id AS pi_id, u.name AS pi_name, u.department AS pi_department,
      iu.id AS invitee_id, iu.name AS invitee_name, ii.name AS invitee_institution, m.created_at AS invited_at
    FROM application_members m
    JOIN applications a ON a.id = m.application_id
    JOIN users u ON u.id = a.user_id
    JOIN grants g ON g.id = a.grant_id
    JOIN users iu ON iu.id = m.user_id
    JOIN institutions ii ON ii.id = iu.institution_id
    WHERE ${ledInScope(scope)} AND m.status = 'pending' AND ${statusIn('a.status', 'inProgress')}
    ORDER BY m.created_at DESC
    LIMIT ${limit}`,
  );
}

/** How many active researchers at other onboarded institutions each open grant that fits any of them fits. */
export async function fitElsewhere(db: Db, institutionId: string, now: Date) {
  const elsewhere = await areaSets(
    db,
    sql`u.institution_id <> ${institutionId} AND u.institution_id IN (SELECT id FROM institutions WHERE onboarded)`,
  );
  const fitting = await openGrantsFittingGroup(db, elsewhere, now);
  return new Map(fitting.map((g) => [g.id, g.people]));
}

export type EventRow = {
  at: Date | string;
  application_id: string;
  grant_title: string;
  pi_id: string;
  pi_name: string;
  pi_department: string | null;
  from_status: string | null;
  to_status: string;
  reason: string | null;
};

/** The latest stage changes of applications led in scope. */
export async function recentEvents(db: Db, scope: Scope, limit: number) {
  return queryRows<EventRow>(
    db,
    sql`SELECT e.created_at AS at, a.id AS application_id, g.title AS grant_title, u.id AS pi_id, u.name AS pi_name,
      u.department AS pi_department, e.from_status, e.to_status, e.reason
    FROM application_events e
    JOIN applications a ON a.id = e.application_id
    JOIN users u ON u.id = a.user_id
    JOIN grants g ON g.id = a.grant_id
    WHERE ${ledInScope(scope)}
    ORDER BY e.created_at DESC NULLS LAST, e.id DESC NULLS LAST
    LIMIT ${limit}`,
  );
}

/** Applications waiting for the office's review, longest waiting first, with the day each arrived. */
export async function waitingForReview(db: Db, scope: Scope, limit: number) {
  return queryRows<{ id: string; grant_title: string; pi_id: string; pi_name: string; pi_department: string | null; since: Date | string }>(
    db,
    sql`SELECT x.*, coalesce((SELECT max(e.created_at) FROM application_events e
        WHERE e.application_id = x.id AND e.to_status = 'internal_review'), x.updated_at) AS since
    FROM (
      SELECT a.id, a.updated_at, g.title AS grant_title, u.id AS pi_id, u.name AS pi_name, u.department AS pi_department
      FROM applications a JOIN users u ON u.id = a.user_id JOIN grants g ON g.id = a.grant_id
      WHERE ${ledInScope(scope)} AND a.status = 'internal_review'
      ORDER BY a.updated_at, a.id
      LIMIT ${limit}
    ) x
    ORDER BY since, x.id`,
  );
}
