// SQL for an application's team (application_members, decision 053): who
// may be invited (an account and its institution: a read of auth's and
// institutions' tables, decision 014), invitations added, accepted and
// withdrawn, members removed, and the team and invitations as lists.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** Whether a person can join a team: an active researcher of an onboarded institution. */
export async function findTeamCandidate(db: Db, userId: string) {
  const [row] = await queryRows<{ id: string; name: string; role: string; status: string; onboarded: boolean }>(
    db,
    sql`SELECT u.id, u.name, u.role, u.status, i.onboarded
    FROM users u JOIN institutions i ON i.id = u.institution_id WHERE u.id = ${userId}`,
  );
  return row;
}

export async function findMember(db: Db, applicationId: string, userId: string) {
  const [row] = await queryRows<{ role: 'co_investigator' | 'contributor'; status: 'pending' | 'active' }>(
    db,
    sql`SELECT role, status FROM application_members WHERE application_id = ${applicationId} AND user_id = ${userId}`,
  );
  return row;
}

/** Adds an invited member unless they are on the team already; returns whether it did. */
export async function insertPendingMember(
  db: Db,
  applicationId: string,
  userId: string,
  role: 'co_investigator' | 'contributor',
) {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`INSERT INTO application_members (application_id, user_id, role, status)
    VALUES (${applicationId}, ${userId}, ${role}, 'pending') ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  return rows.length > 0;
}

/** Accepts a pending invitation; returns whether there was one. */
export async function activateMember(db: Db, applicationId: string, userId: string) {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`UPDATE application_members SET status = 'active'
    WHERE application_id = ${applicationId} AND user_id = ${userId} AND status = 'pending' RETURNING user_id`,
  );
  return rows.length > 0;
}

export async function deleteMember(db: Db, applicationId: string, userId: string) {
  const rows = await queryRows<{ status: string }>(
    db,
    sql`DELETE FROM application_members WHERE application_id = ${applicationId} AND user_id = ${userId} RETURNING status`,
  );
  return rows[0]?.status ?? null;
}

/** The active members' ids, in the order they joined. */
export async function listActiveMemberIds(db: Db, applicationId: string) {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`SELECT m.user_id FROM application_members m JOIN users u ON u.id = m.user_id
    WHERE m.application_id = ${applicationId} AND m.status = 'active'
    ORDER BY m.created_at, u.name`,
  );
  return rows.map((r) => r.user_id);
}

export type PendingMembershipRow = {
  application_id: string;
  role: 'co_investigator' | 'contributor';
  created_at: Date | string;
};

/** The person's invitations waiting for an answer, newest first. */
export async function listPendingMemberships(db: Db, userId: string) {
  return queryRows<PendingMembershipRow>(
    db,
    sql`SELECT application_id, role, created_at FROM application_members
    WHERE user_id = ${userId} AND status = 'pending'
    ORDER BY created_at DESC, application_id`,
  );
}
