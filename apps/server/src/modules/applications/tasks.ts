// The team's tasks: the PI and accepted members add them to an application,
// assign them to someone on the team, tick them off and remove them; the
// research office reads them. `GET /tasks` gathers a person's tasks across
// every application they work on.
import { isUuid } from '@grantbridge/contract/ids';
import type { ApplicationTask, UpdateTaskRequest } from '@grantbridge/contract/pipeline';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { changeWithEvents } from '../events/events.service';
import { listMembers } from './applications.repository';
import { loadForViewer } from './applications.service';
import { canWorkOn } from './applications.policy';
import {
  deleteTask,
  findTaskRow,
  insertTask,
  listTaskRows,
  listTaskRowsFor,
  updateTask,
  type NewTask,
  type TaskRow,
} from './tasks.repository';

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
  const rows = await listTaskRows(db, applicationId);
  return rows.map(toTask);
}

async function findTask(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  return findTaskRow(db, id);
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
  input: NewTask,
) {
  await checkTeamChange(db, actor, applicationId, input.assigneeId);
  return changeWithEvents(db, async (tx, record) => {
    const createdId = await insertTask(tx, applicationId, actor.id, input);
    const task = toTask((await findTask(tx, createdId))!);
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
  return changeWithEvents(db, async (tx, record) => {
    await updateTask(tx, id, body);
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
  await deleteTask(db, id);
}

/** A person's tasks across the applications they lead or work on (assigned to them, with `assignee: 'me'`). */
export async function listTasks(db: Db, actor: Actor, filter: { assignee?: 'me'; status?: 'pending' | 'completed' }) {
  const rows = await listTaskRowsFor(db, actor.id, filter);
  return rows.map(toTask);
}
