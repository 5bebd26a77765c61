// Deadlines and due tasks for the notifications module's reminders: every
// deadline (internal and sponsor) of applications in progress, for the PI and
// accepted members, and close dates of saved grants not applied to, within
// the next `days`; and pending tasks due by a day, for their assignee.
import type { Db } from '../../db/client';
import { internalDeadlineFor } from './deadlines';
import { listFollowedApplicationDeadlines, listSavedGrantsClosing, listTasksDueBy } from './reminders.repository';

export type FollowedDeadline = {
  userId: string;
  key: string;
  day: string;
  what: 'Internal deadline' | 'Sponsor deadline' | 'Saved grant closes';
  title: string;
  target: { kind: 'application' | 'grant'; id: string };
};

export async function deadlinesWithin(db: Db, fromDay: string, toDay: string): Promise<FollowedDeadline[]> {
  const applications = await listFollowedApplicationDeadlines(db, fromDay, toDay);
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
  const saved = await listSavedGrantsClosing(db, fromDay, toDay);
  for (const g of saved) {
    list.push({ userId: g.user_id, key: `${g.id}-g`, day: g.close_date, what: 'Saved grant closes', title: g.title, target: { kind: 'grant', id: g.id } });
  }
  return list;
}

export type DueTask = { id: string; userId: string; title: string; dueDate: string; applicationId: string; grantTitle: string };

/** Pending tasks with an assignee, due on or before `byDay`, of applications still in progress. */
export async function tasksDueBy(db: Db, byDay: string): Promise<DueTask[]> {
  const rows = await listTasksDueBy(db, byDay);
  return rows.map((r) => ({ id: r.id, userId: r.assignee_id, title: r.title, dueDate: r.due_date, applicationId: r.application_id, grantTitle: r.grant_title }));
}
