// What the pipeline tells people, through the notifications module, after a
// change is stored: an invitation to a team, a stage change (to the team, and
// to the research office when a proposal reaches its review queue), a task
// given to someone. The person who made the change is never told about it.
import { sql } from 'drizzle-orm';
import type { ApplicationDetail, ApplicationTask } from '@grantbridge/contract/pipeline';
import { queryRows, type Db } from '../../db/client';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import type { SessionUser } from '../../plugins/types';
import { notify, type Notice } from '../notifications/notifications.service';

const stageWords: Record<string, string> = {
  drafting: 'back to drafting',
  internal_review: 'to internal review',
  submitted: 'to submitted',
  under_review: 'to under review',
  awarded: 'to awarded',
  rejected: 'to not funded',
  withdrawn: 'to withdrawn',
};

async function officeOf(db: Db, institutionId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE institution_id = ${institutionId} AND role = 'admin' AND status = 'active'`,
  );
  return rows.map((r) => r.id);
}

export async function noticeInvitation(db: Db, bus: RealtimeBus, by: SessionUser, application: ApplicationDetail, inviteeId: string, role: string) {
  await notify(db, bus, [
    {
      userId: inviteeId,
      kind: 'team.invitation',
      title: `${by.name} invited you to a team`,
      body: `As ${role === 'co_investigator' ? 'co-investigator' : 'contributor'} on “${application.grant.title}”. Accept or decline on My Grants.`,
      target: { kind: 'pipeline' },
    },
  ]);
}

export async function noticeStageChange(db: Db, bus: RealtimeBus, by: SessionUser, before: string, application: ApplicationDetail) {
  if (before === application.status) return;
  const title = `“${application.grant.title}” moved ${stageWords[application.status] ?? application.status}`;
  const body = `${by.name} moved it from ${before.replace(/_/g, ' ')} to ${application.status.replace(/_/g, ' ')}.`;
  const team = application.members.filter((m) => m.status === 'active').map((m) => m.userId);
  const pi = application.members.find((m) => m.role === 'pi');
  const office = application.status === 'internal_review' && pi ? await officeOf(db, pi.institution.id) : [];
  const recipients = [...new Set([...team, ...office])].filter((id) => id !== by.id);
  const notices: Notice[] = recipients.map((userId) => ({
    userId,
    kind: 'application.status',
    title,
    body: office.includes(userId) && !team.includes(userId) ? `${body} It is waiting in your review queue.` : body,
    target: { kind: 'application', id: application.id },
  }));
  await notify(db, bus, notices);
}

export async function noticeTaskAssigned(db: Db, bus: RealtimeBus, by: SessionUser, task: ApplicationTask, previousAssignee: string | null) {
  if (!task.assigneeId || task.assigneeId === by.id || task.assigneeId === previousAssignee) return;
  await notify(db, bus, [
    {
      userId: task.assigneeId,
      kind: 'task.assigned',
      title: `${by.name} gave you a task`,
      body: `“${task.title}” on “${task.application.grantTitle}”${task.dueDate ? `, due ${task.dueDate}` : ''}.`,
      target: { kind: 'application', id: task.application.id },
    },
  ]);
}
