// Deadlines and due tasks for the notifications module's reminders: every
// deadline (internal and sponsor) of applications in progress, for the PI and
// accepted members, and close dates of saved grants not applied to, within
// the next `days`; and pending tasks due by a day, for their assignee.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { internalDeadlineFor } from './deadlines';

export type FollowedDeadline = {
  userId: string;
  key: string;
  day: string;
  what: 'Internal deadline' | 'Sponsor deadline' | 'Saved grant closes';
  title: string;
  target: { kind: 'application' | 'grant'; id: string };
};

export async function deadlinesWithin(db: Db, fromDay: string, toDay: string): Promise<FollowedDeadline[]> {
  const applications = await queryRows<{ id: string; user_id: string; grant_title: string; close_date: string | null; internal_deadline: string | null; lead_days: number }>(
    db,
    sql`SELECT a.id, who.user_id, g.title AS grant_title, to_char(g.close_date, 'YYYY-MM-DD') AS close_date,
        to_char(a.internal_deadline, 'YYYY-MM-DD') AS internal_deadline, i.internal_deadline_business_days AS lead_days
      FROM applications a JOIN grants g ON g.id = a.grant_id JOIN users pi ON pi.id = a.user_id
      JOIN institutions i ON i.id = pi.institution_id
      JOIN LATERAL (SELECT a.user_id UNION SELECT m.user_id FROM application_members m
        WHERE m.application_id = a.id AND m.status = 'active') who(user_id) ON true
      WHERE a.status IN ('drafting', 'internal_review', 'submitted', 'under_review')
        AND g.close_date >= ${fromDay}::date AND g.close_date <= ${toDay}::date + 30`,
  );
  const list: FollowedDeadline[] = [];
  for (const a of applications) {
    const target = { kind: 'application' as const, id: a.id };
    const internal = internalDeadlineFor(a.close_date, a.lead_days, a.internal_deadline);
    // Internal deadlines bind the PI's team only until the proposal goes to the office.
    if (internal && internal >= fromDay && internal <= toDay) {
      list.push({ userId: a.user_id, key: `${a.id}-i`, day: internal, what: 'Internal deadline', title: a.grant_title, target });
    }
    if (a.close_date && a.close_date >= fromDay && a.close_date <= toDay) {
      list.push({ userId: a.user_id, key: `${a.id}-s`, day: a.close_date, what: 'Sponsor deadline', title: a.grant_title, target });
    }
  }
  const saved = await queryRows<{ user_id: string; id: string; title: string; close_date: string }>(
    db,
    sql`SELECT s.user_id, g.id, g.title, to_char(g.close_date, 'YYYY-MM-DD') AS close_date
      FROM saved_grants s JOIN grants g ON g.id = s.grant_id
      WHERE g.close_date BETWEEN ${fromDay}::date AND ${toDay}::date
        AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.grant_id = g.id AND a.user_id = s.user_id)`,
  );
  for (const g of saved) {
    list.push({ userId: g.user_id, key: `${g.id}-g`, day: g.close_date, what: 'Saved grant closes', title: g.title, target: { kind: 'grant', id: g.id } });
  }
  return list;
}

export type DueTask = { id: string; userId: string; title: string; dueDate: string; applicationId: string; grantTitle: string };

/** Pending tasks with an assignee, due on or before `byDay`, of applications still in progress. */
export async function tasksDueBy(db: Db, byDay: string): Promise<DueTask[]> {
  const rows = await queryRows<{ id: string; assignee_id: string; title: string; due_date: string; application_id: string; grant_title: string }>(
    db,
    sql`SELECT t.id, t.assignee_id, t.title, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.application_id, g.title AS grant_title
      FROM application_tasks t JOIN applications a ON a.id = t.application_id JOIN grants g ON g.id = a.grant_id
      WHERE t.status = 'pending' AND t.assignee_id IS NOT NULL AND t.due_date <= ${byDay}::date
        AND a.status IN ('drafting', 'internal_review', 'submitted', 'under_review')`,
  );
  return rows.map((r) => ({ id: r.id, userId: r.assignee_id, title: r.title, dueDate: r.due_date, applicationId: r.application_id, grantTitle: r.grant_title }));
}
