// SQL for the team's tasks (tasks.ts): each read with its grant's title and
// its assignee's name, added, changed and removed, and gathered across the
// applications a person works on.
import { sql, type SQL } from 'drizzle-orm';
import type { UpdateTaskRequest } from '@grantbridge/contract/pipeline';
import { queryRows, type Db } from '../../db/client';

export type TaskRow = {
  id: string;
  application_id: string;
  grant_title: string;
  title: string;
  status: 'pending' | 'completed';
  priority: 'high' | 'medium' | 'low';
  due_date: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
};

export type NewTask = { title: string; dueDate?: string | null; priority: 'high' | 'medium' | 'low'; assigneeId?: string | null };

const taskColumns = sql`t.id, t.application_id, g.title AS grant_title, t.title, t.status, t.priority,
  to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.assignee_id, u.name AS assignee_name`;
const taskFrom = sql`FROM application_tasks t
  JOIN applications a ON a.id = t.application_id
  JOIN grants g ON g.id = a.grant_id
  LEFT JOIN users u ON u.id = t.assignee_id`;
/** Open tasks first, soonest due first, then by priority. */
const taskOrder = sql`ORDER BY t.status DESC, t.due_date ASC NULLS LAST,
  CASE t.priority WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END, t.created_at, t.id`;

/** An application's tasks, open ones first. */
export async function listTaskRows(db: Db, applicationId: string) {
  return queryRows<TaskRow>(db, sql`SELECT ${taskColumns} ${taskFrom} WHERE t.application_id = ${applicationId} ${taskOrder}`);
}

/** One task (`id` must be a uuid), or undefined. */
export async function findTaskRow(db: Db, id: string) {
  const [row] = await queryRows<TaskRow>(db, sql`SELECT ${taskColumns} ${taskFrom} WHERE t.id = ${id}`);
  return row;
}

/** Adds a task to the application; returns its id. */
export async function insertTask(db: Db, applicationId: string, createdBy: string, input: NewTask) {
  const [created] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO application_tasks (application_id, title, due_date, priority, assignee_id, created_by)
      VALUES (${applicationId}, ${input.title}, ${input.dueDate ?? null}::date, ${input.priority}, ${input.assigneeId ?? null}, ${createdBy})
      RETURNING id`,
  );
  return created!.id;
}

/** Sets the fields `body` gives (completing stamps the moment once; reopening clears it). */
export async function updateTask(db: Db, id: string, body: UpdateTaskRequest) {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (body.title !== undefined) sets.push(sql`title = ${body.title}`);
  if (body.status !== undefined) {
    sets.push(sql`status = ${body.status}`);
    sets.push(body.status === 'completed' ? sql`completed_at = coalesce(completed_at, now())` : sql`completed_at = NULL`);
  }
  if (body.dueDate !== undefined) sets.push(sql`due_date = ${body.dueDate}::date`);
  if (body.priority !== undefined) sets.push(sql`priority = ${body.priority}`);
  if (body.assigneeId !== undefined) sets.push(sql`assignee_id = ${body.assigneeId}`);
  await db.execute(sql`UPDATE application_tasks SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

/** Removes a task. */
export async function deleteTask(db: Db, id: string) {
  await db.execute(sql`DELETE FROM application_tasks WHERE id = ${id}`);
}

/** Tasks of the applications the person leads or is an accepted member of (only those assigned to them with `assignee: 'me'`), at most 500. */
export async function listTaskRowsFor(db: Db, userId: string, filter: { assignee?: 'me'; status?: 'pending' | 'completed' }) {
  const conditions: SQL[] = [
    sql`(a.user_id = ${userId} OR EXISTS (SELECT 1 FROM application_members m
      WHERE m.application_id = a.id AND m.user_id = ${userId} AND m.status = 'active'))`,
  ];
  if (filter.assignee === 'me') conditions.push(sql`t.assignee_id = ${userId}`);
  if (filter.status) conditions.push(sql`t.status = ${filter.status}`);
  return queryRows<TaskRow>(
    db,
    sql`SELECT ${taskColumns} ${taskFrom} WHERE ${sql.join(conditions, sql` AND `)} ${taskOrder} LIMIT 500`,
  );
}
