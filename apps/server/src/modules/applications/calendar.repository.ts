// SQL for people's calendar feeds (calendar.ts): the hash of each person's
// feed secret, and what their feed lists: the deadlines of their applications
// in progress, their saved grants' close dates and their open tasks.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { statusIn } from '../../db/stage-sql';

export type DeadlineRow = {
  id: string;
  grant_title: string;
  close_date: string | null;
  internal_deadline: string | null;
  lead_days: number;
};

/** Keeps `tokenHash` as the person's feed secret, replacing the one before. */
export async function upsertFeedToken(db: Db, userId: string, tokenHash: string) {
  await db.execute(sql`
    INSERT INTO calendar_feeds (user_id, token_hash) VALUES (${userId}, ${tokenHash})
    ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = now()`);
}

/** Whose feed the secret hashed to `tokenHash` opens, if that person is active; else undefined. */
export async function findFeedOwner(db: Db, tokenHash: string) {
  const [feed] = await queryRows<{ user_id: string }>(
    db,
    // A deactivated person's feed is gone with the account (issue 27): nothing of theirs is served.
    sql`SELECT f.user_id FROM calendar_feeds f JOIN users u ON u.id = f.user_id
      WHERE f.token_hash = ${tokenHash} AND u.status = 'active'`,
  );
  return feed;
}

/** Applications in progress the person leads or is an accepted member of, with their deadlines. */
export async function listFeedApplications(db: Db, userId: string) {
  return queryRows<DeadlineRow>(
    db,
    sql`SELECT a.id, g.title AS grant_title, to_char(g.close_date, 'YYYY-MM-DD') AS close_date,
      to_char(a.internal_deadline, 'YYYY-MM-DD') AS internal_deadline, i.internal_deadline_business_days AS lead_days
    FROM applications a JOIN grants g ON g.id = a.grant_id JOIN users u ON u.id = a.user_id JOIN institutions i ON i.id = u.institution_id
    WHERE ${statusIn('a.status', 'inProgress')}
      AND (a.user_id = ${userId} OR EXISTS (SELECT 1 FROM application_members m
        WHERE m.application_id = a.id AND m.user_id = ${userId} AND m.status = 'active'))`,
  );
}

/** The person's saved grants that have a close date and that they have not applied to. */
export async function listFeedSavedGrants(db: Db, userId: string) {
  return queryRows<{ id: string; title: string; close_date: string }>(
    db,
    sql`SELECT g.id, g.title, to_char(g.close_date, 'YYYY-MM-DD') AS close_date
    FROM saved_grants s JOIN grants g ON g.id = s.grant_id
    WHERE s.user_id = ${userId} AND g.close_date IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.grant_id = g.id AND a.user_id = ${userId})`,
  );
}

/** Pending tasks assigned to the person that have a due day. */
export async function listFeedTasks(db: Db, userId: string) {
  return queryRows<{ id: string; title: string; due_date: string; application_id: string; grant_title: string }>(
    db,
    sql`SELECT t.id, t.title, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.application_id, g.title AS grant_title
    FROM application_tasks t JOIN applications a ON a.id = t.application_id JOIN grants g ON g.id = a.grant_id
    WHERE t.assignee_id = ${userId} AND t.status = 'pending' AND t.due_date IS NOT NULL`,
  );
}
