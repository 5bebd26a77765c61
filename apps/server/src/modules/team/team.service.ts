// The team module's front door (eslint.config.js, decision 053): an
// application's team. The PI invites researchers of any onboarded
// institution, who accept or decline; the PI removes members and members
// leave. Only accepted members see the application. After every change the
// team's conversation is made to hold exactly the team.
import { isoInstant } from '@grantbridge/contract/days';
import { isUuid } from '@grantbridge/contract/ids';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import type { Actor } from '../../plugins/types';
import { changeWithEvents } from '../events/events.service';
import { syncTeamConversation } from '../messaging/messaging.service';
import { applicationHeads, getApplication, isOpenStage, loadForViewer } from '../applications/applications.service';
import {
  activateMember,
  deleteMember,
  findMember,
  findTeamCandidate,
  insertPendingMember,
  listActiveMemberIds,
  listPendingMemberships,
} from './team.repository';
import { canManageTeam, isInvitable, joinsTeams } from './team.policy';

const notFound = (what = 'Application') => new AppError('not_found', `${what} not found.`);

/** Brings the team conversation in line with the team (the PI and active members). */
async function syncTeam(db: Db, bus: RealtimeBus, applicationId: string) {
  const head = (await applicationHeads(db, [applicationId])).get(applicationId);
  if (!head) return;
  const memberIds = await listActiveMemberIds(db, applicationId);
  await syncTeamConversation(db, bus, {
    applicationId,
    grantId: head.grantId,
    name: `Team: ${head.grantTitle}`,
    memberIds: [head.piId, ...memberIds],
  });
}

/** Invites a researcher to the team; reports it (`team.member_invited`) in the same transaction. */
export async function inviteMember(
  db: Db,
  actor: Actor & { name: string },
  applicationId: string,
  input: { userId: string; role: 'co_investigator' | 'contributor' },
) {
  const { row, role } = await loadForViewer(db, actor, applicationId);
  if (!canManageTeam(role)) throw new AppError('forbidden', 'Only the PI invites people to the team.');
  if (!isOpenStage(row.status)) throw new AppError('conflict', 'This application is finished; its team no longer changes.');
  const person = await findTeamCandidate(db, input.userId);
  if (!person || !isInvitable(person)) throw notFound('Researcher');
  if (!joinsTeams(person)) {
    throw new AppError('validation_failed', 'Only researchers join application teams.', {
      errors: [{ path: 'userId', message: 'Choose a researcher' }],
    });
  }
  if (person.id === row.pi_id) throw new AppError('conflict', `${person.name} is already on this team or invited to it.`);
  return changeWithEvents(db, async (tx, record) => {
    if (!(await insertPendingMember(tx, applicationId, person.id, input.role))) {
      throw new AppError('conflict', `${person.name} is already on this team or invited to it.`);
    }
    const application = await getApplication(tx, actor, applicationId);
    record({
      type: 'team.member_invited',
      data: { by: { id: actor.id, name: actor.name }, application, inviteeId: person.id, role: input.role },
    });
    return { member: application.members.find((m) => m.userId === person.id)!, application };
  });
}

/** Accepts an invitation to the team; reports it (`team.member_accepted`) in the same transaction. */
export async function acceptInvitation(db: Db, bus: RealtimeBus, actor: Actor, applicationId: string) {
  if (!isUuid(applicationId)) throw notFound('Invitation');
  await changeWithEvents(db, async (tx, record) => {
    if (!(await activateMember(tx, applicationId, actor.id))) throw notFound('Invitation');
    record({ type: 'team.member_accepted', data: { application: await getApplication(tx, actor, applicationId), userId: actor.id } });
  });
  await syncTeam(db, bus, applicationId);
  return getApplication(db, actor, applicationId);
}

/** Declines an invitation, or leaves the team. */
export async function leaveTeam(db: Db, bus: RealtimeBus, actor: Actor, applicationId: string) {
  if (!isUuid(applicationId)) throw notFound();
  const was = await deleteMember(db, applicationId, actor.id);
  if (!was) throw notFound();
  if (was === 'active') await syncTeam(db, bus, applicationId);
}

export async function removeMember(db: Db, bus: RealtimeBus, actor: Actor, applicationId: string, userId: string) {
  const { role } = await loadForViewer(db, actor, applicationId);
  if (!canManageTeam(role)) throw new AppError('forbidden', 'Only the PI removes people from the team.');
  if (!isUuid(userId) || !(await findMember(db, applicationId, userId))) throw notFound('Team member');
  const was = await deleteMember(db, applicationId, userId);
  if (was === 'active') await syncTeam(db, bus, applicationId);
}

export async function getTeamInvitations(db: Db, actor: Actor) {
  const pending = await listPendingMemberships(db, actor.id);
  const heads = await applicationHeads(db, pending.map((p) => p.application_id));
  return pending.flatMap((p) => {
    const head = heads.get(p.application_id);
    if (!head) return [];
    return [
      {
        applicationId: head.id,
        grant: { id: head.grantId, title: head.grantTitle },
        pi: { id: head.piId, name: head.piName, institution: head.piInstitutionName },
        role: p.role,
        sponsorDeadline: head.sponsorDeadline,
        invitedAt: isoInstant(p.created_at),
      },
    ];
  });
}
