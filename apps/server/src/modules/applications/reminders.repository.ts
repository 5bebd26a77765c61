// SQL for the reminders (reminders.ts): deadlines of applications in progress
// with the people who follow each, saved grants closing in a span of days,
// and pending tasks due by a day.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { statusIn } from '../../db/stage-sql';

/**
 * Applications in progress whose grant closes from `fromDay` to 30 days after
 * `toDay`, with their deadlines: one row for the PI and one for each accepted member.
 */
export async function listFollowedApplicationDeadlines(db: Db, fromDay: string, toDay: string) {
  return queryRows<{ id: string; user_id: string; grant_title: string; close_date: string | null; internal_deadline: string | null; lead_days: number }>(
    db,
    sql`SELECT a.id, who.user_id, g.title AS grant_title, to_char(g.close_date, 'YYYY-MM-DD') AS close_date,
        to_char(a.internal_deadline, 'YYYY-MM-DD') AS internal_deadline, i.internal_deadline_business_days AS lead_days
      FROM applications a JOIN grants g ON g.id = a.grant_id JOIN users pi ON pi.id = a.user_id
      JOIN institutions i ON i.id = pi.institution_id
      JOIN LATERAL (SELECT a.user_id UNION SELECT m.user_id FROM application_members m
        WHERE m.application_id = a.id AND m.status = 'active') who(user_id) ON true
      WHERE ${statusIn('a.status', 'inProgress')}
        AND g.close_date >= ${fromDay}::date AND g.close_date <= ${toDay}::date + 30`,
  );
}

/** Saved grants closing from `fromDay` to `toDay`, for each saver who has not applied to them. */
export async function listSavedGrantsClosing(db: Db, fromDay: string, toDay: string) {
  return queryRows<{ user_id: string; id: string; title: string; close_date: string }>(
    db,
    sql`SELECT s.user_id, g.id, g.title, to_char(g.close_date, 'YYYY-MM-DD') AS close_date
      FROM saved_grants s JOIN grants g ON g.id = s.grant_id
      WHERE g.close_date BETWEEN ${fromDay}::date AND ${toDay}::date
        AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.grant_id = g.id AND a.user_id = s.user_id)`,
  );
}

/** Pending tasks with an assignee, due on or before `byDay`, of applications still in progress. */
export async function listTasksDueBy(db: Db, byDay: string) {
  return queryRows<{ id: string; assignee_id: string; title: string; due_date: string; application_id: string; grant_title: string }>(
    db,
    sql`SELECT t.id, t.assignee_id, t.title, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.application_id, g.title AS grant_title
      FROM application_tasks t JOIN applications a ON a.id = t.application_id JOIN grants g ON g.id = a.grant_id
      WHERE t.status = 'pending' AND t.assignee_id IS NOT NULL AND t.due_date <= ${byDay}::date
        AND ${statusIn('a.status', 'inProgress')}`,
  );
}
