// The team's tasks: the PI and accepted members add them to an application,
// assign them to someone on the team, tick them off and remove them; the
// research office reads them. `GET /tasks` gathers a person's tasks across
// every application they work on.
import { sql, type SQL } from 'drizzle-orm';
import { isUuid } from '@grantbridge/contract/ids';
import type { ApplicationTask, UpdateTaskRequest } from '@grantbridge/contract/pipeline';
import { queryRows, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { changeWithEvents } from '../events/events.service';
import { listMembers } from './applications.repository';
import { loadForViewer } from './applications.service';
import { canWorkOn } from './pipeline.policy';

type TaskRow = {
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

const taskColumns = sql`t.id, t.application_id, g.title AS grant_title, t.title, t.status, t.priority,
  to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.assignee_id, u.name AS assignee_name`;
const taskFrom = sql`FROM application_tasks t
  JOIN applications a ON a.id = t.application_id
  JOIN grants g ON g.id = a.grant_id
  LEFT JOIN users u ON u.id = t.assignee_id`;
/** Open tasks first, soonest due first, then by priority. */
const taskOrder = sql`ORDER BY t.status DESC, t.due_date ASC NULLS LAST,
  CASE t.priority WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END, t.created_at, t.id`;

const toTask = (row: TaskRow): ApplicationTask => ({
  id: row.id,
  title: row.title,
  status: row.status,
  priority: row.priority,
  dueDate: row.due_date,
  assigneeId: row.assignee_id,
  assigneeName: row.assignee_name,
  application: { id: row.application_id, grantTitle: row.grant_title },
});

export async function tasksOf(db: Db, applicationId: string): Promise<ApplicationTask[]> {
  const rows = await queryRows<TaskRow>(db, sql`SELECT ${taskColumns} ${taskFrom} WHERE t.application_id = ${applicationId} ${taskOrder}`);
  return rows.map(toTask);
}

async function findTask(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await queryRows<TaskRow>(db, sql`SELECT ${taskColumns} ${taskFrom} WHERE t.id = ${id}`);
  return row;
}

/** The team's to change (403 for the office); the assignee must be on the team. */
async function checkTeamChange(db: Db, actor: Actor, applicationId: string, assigneeId: string | null | undefined) {
  const { row, role } = await loadForViewer(db, actor, applicationId);
  if (!canWorkOn(role)) throw new AppError('forbidden', 'The team keeps its tasks; the research office reads them.');
  if (assigneeId) {
    const team = [row.pi_id, ...(await listMembers(db, applicationId)).filter((m) => m.status === 'active').map((m) => m.user_id)];
    if (!team.includes(assigneeId)) {
      throw new AppError('validation_failed', 'Tasks go to people on the team.', {
        errors: [{ path: 'assigneeId', message: 'Choose someone on the team' }],
      });
    }
  }
}

/** Adds a task; one given to someone is reported (`task.assigned`) in the same transaction. */
export async function addTask(
  db: Db,
  actor: Actor & { name: string },
  applicationId: string,
  input: { title: string; dueDate?: string | null; priority: 'high' | 'medium' | 'low'; assigneeId?: string | null },
) {
  await checkTeamChange(db, actor, applicationId, input.assigneeId);
  return changeWithEvents(db, async (tx, record) => {
    const [created] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO application_tasks (application_id, title, due_date, priority, assignee_id, created_by)
      VALUES (${applicationId}, ${input.title}, ${input.dueDate ?? null}::date, ${input.priority}, ${input.assigneeId ?? null}, ${actor.id})
      RETURNING id`,
    );
    const task = toTask((await findTask(tx, created!.id))!);
    if (task.assigneeId) record({ type: 'task.assigned', data: { by: { id: actor.id, name: actor.name }, task, previousAssigneeId: null } });
    return task;
  });
}

/** The task and its application for someone who may see it; not found for anyone else. */
async function taskForViewer(db: Db, actor: Actor, id: string) {
  const task = await findTask(db, id);
  if (!task) throw new AppError('not_found', 'Task not found.');
  try {
    await loadForViewer(db, actor, task.application_id);
  } catch {
    throw new AppError('not_found', 'Task not found.');
  }
  return task;
}

/** Changes a task; giving it to someone new is reported (`task.assigned`) in the same transaction. */
export async function changeTask(db: Db, actor: Actor & { name: string }, id: string, body: UpdateTaskRequest) {
  const task = await taskForViewer(db, actor, id);
  await checkTeamChange(db, actor, task.application_id, body.assigneeId);
  const sets: SQL[] = [sql`updated_at = now()`];
  if (body.title !== undefined) sets.push(sql`title = ${body.title}`);
  if (body.status !== undefined) {
    sets.push(sql`status = ${body.status}`);
    sets.push(body.status === 'completed' ? sql`completed_at = coalesce(completed_at, now())` : sql`completed_at = NULL`);
  }
  if (body.dueDate !== undefined) sets.push(sql`due_date = ${body.dueDate}::date`);
  if (body.priority !== undefined) sets.push(sql`priority = ${body.priority}`);
  if (body.assigneeId !== undefined) sets.push(sql`assignee_id = ${body.assigneeId}`);
  return changeWithEvents(db, async (tx, record) => {
    await tx.execute(sql`UPDATE application_tasks SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    const changed = toTask((await findTask(tx, id))!);
    if (changed.assigneeId && changed.assigneeId !== task.assignee_id) {
      record({ type: 'task.assigned', data: { by: { id: actor.id, name: actor.name }, task: changed, previousAssigneeId: task.assignee_id } });
    }
    return { task: changed, previousAssigneeId: task.assignee_id };
  });
}

export async function removeTask(db: Db, actor: Actor, id: string) {
  const task = await taskForViewer(db, actor, id);
  await checkTeamChange(db, actor, task.application_id, undefined);
  await db.execute(sql`DELETE FROM application_tasks WHERE id = ${id}`);
}

/** A person's tasks across the applications they lead or work on (assigned to them, with `assignee: 'me'`). */
export async function listTasks(db: Db, actor: Actor, filter: { assignee?: 'me'; status?: 'pending' | 'completed' }) {
  const conditions: SQL[] = [
    sql`(a.user_id = ${actor.id} OR EXISTS (SELECT 1 FROM application_members m
      WHERE m.application_id = a.id AND m.user_id = ${actor.id} AND m.status = 'active'))`,
  ];
  if (filter.assignee === 'me') conditions.push(sql`t.assignee_id = ${actor.id}`);
  if (filter.status) conditions.push(sql`t.status = ${filter.status}`);
  const rows = await queryRows<TaskRow>(
    db,
    sql`SELECT ${taskColumns} ${taskFrom} WHERE ${sql.join(conditions, sql` AND `)} ${taskOrder} LIMIT 500`,
  );
  return rows.map(toTask);
}
