// Who is in a group or team conversation: adding people (colleagues at once,
// people from other institutions by invitation), answering an invitation, the
// owner's choice to share the history with newcomers, and leaving. Every
// realtime event is published after its transaction commits (decision 043).
import type { Conversation, ConversationType } from '@grantbridge/contract/messaging';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import {
  acceptPendingInvitation,
  findMembership,
  findPendingInvitation,
  listMemberIds,
  listMembers,
  lockConversation,
  markMemberLeft,
  setHistoryShared,
  upsertMembers,
} from './messaging.repository';
import { findOnlineUserIds } from './presence.repository';
import { assertMayInvite, splitByInstitution } from './message-requests';
import { assertMember, canAddMembers, canLeave } from './messaging.policy';
import {
  announceInvitations,
  assertUsersExist,
  distinctIds,
  getConversation,
  presenceFreshSeconds,
  type Actor,
} from './messaging.service';
function refuseForDirect(type: ConversationType, action: string) {
  throw new AppError(
    'validation_failed',
    `A ${type} conversation is always between the same two people; you cannot ${action} it.`,
  );
}

/** An application's team conversation follows the team (team-conversations.ts). */
function refuseForTeam(): never {
  throw new AppError(
    'validation_failed',
    "This conversation is an application's team: people join and leave it from the application.",
  );
}

/** Tells the members who is in the conversation now, and who is invited. */
async function announceMembers(db: Db, bus: RealtimeBus, conversationId: string, memberIds: string[]) {
  if (!memberIds.length) return;
  const summary = await getConversation(db, memberIds[0]!, conversationId);
  await bus.publish(memberIds, {
    type: 'conversation.updated',
    data: { conversationId, members: summary.members, invited: summary.invited },
  });
}

export async function addMembers(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  conversationId: string,
  memberIds: string[],
) {
  const { conversation } = assertMember(await findMembership(db, conversationId, actor.id));
  if (!canAddMembers(conversation.type)) refuseForDirect(conversation.type, 'add people to');
  if (conversation.applicationId) refuseForTeam();
  const wanted = distinctIds(memberIds, actor.id);
  await assertUsersExist(db, wanted);
  await assertMayInvite(db, actor, wanted);
  const current = new Set(await listMemberIds(db, conversationId));
  const alreadyInvited = new Set((await listMembers(db, [conversationId], true)).map((m) => m.id));
  const { colleagues, outsiders } = await splitByInstitution(
    db,
    actor,
    wanted.filter((id) => !current.has(id) && !alreadyInvited.has(id)),
  );
  if (colleagues.length || outsiders.length) {
    await withTransaction(db, async (t) => {
      await lockConversation(t, conversationId);
      // Newcomers see what is sent from now on, unless the owner shares the history.
      await upsertMembers(t, conversationId, colleagues, conversation.lastSeq);
      await upsertMembers(t, conversationId, outsiders, conversation.lastSeq, actor.id);
    });
  }
  const summary = await getConversation(db, actor.id, conversationId);
  if (colleagues.length) {
    for (const userId of colleagues) {
      await bus.publish([userId], { type: 'conversation.created', data: await getConversation(db, userId, conversationId) });
    }
  }
  await announceInvitations(db, bus, conversationId, outsiders);
  if (colleagues.length || outsiders.length) await announceMembers(db, bus, conversationId, [...current]);
  return summary;
}

/**
 * The answer to an invitation to a group: accepting makes the person a member
 * who sees what is sent from now on (or the whole history, if shared);
 * declining removes the invitation. Answers the conversation as the person
 * now sees it, or null when they have no invitation waiting there (the route
 * then treats it as a direct message request).
 */
export async function answerInvitation(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  conversationId: string,
  answer: 'accepted' | 'declined',
): Promise<Conversation | null> {
  if (!(await findPendingInvitation(db, conversationId, actor.id))) return null;
  let view: Conversation;
  if (answer === 'accepted') {
    if (!(await acceptPendingInvitation(db, conversationId, actor.id))) {
      throw new AppError('conflict', 'This invitation was already answered.');
    }
    view = await getConversation(db, actor.id, conversationId);
    await bus.publish([actor.id], { type: 'conversation.created', data: view });
  } else {
    const before = await getConversation(db, actor.id, conversationId);
    await markMemberLeft(db, conversationId, actor.id);
    view = { ...before, request: { state: 'declined', fromMe: false } };
    await bus.publish([actor.id], { type: 'conversation.left', data: { conversationId } });
  }
  await announceMembers(db, bus, conversationId, await listMemberIds(db, conversationId));
  return view;
}

/** The owner of a group or team chooses whether people who join see the earlier messages. */
export async function setConversationHistory(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  conversationId: string,
  shared: boolean,
) {
  const { conversation } = assertMember(await findMembership(db, conversationId, actor.id));
  if (conversation.type === 'direct') refuseForDirect(conversation.type, 'share the history of');
  if (conversation.createdBy !== actor.id) {
    throw new AppError('forbidden', 'Only the person who started this conversation can choose who sees its history.');
  }
  if (conversation.historyShared !== shared) {
    await setHistoryShared(db, conversationId, shared);
    // Each member's view changes (the last message they may see, the history to load).
    for (const userId of await listMemberIds(db, conversationId)) {
      await bus.publish([userId], { type: 'conversation.created', data: await getConversation(db, userId, conversationId) });
    }
  }
  return getConversation(db, actor.id, conversationId);
}

export async function leaveConversation(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  conversationId: string,
) {
  const { conversation } = assertMember(await findMembership(db, conversationId, actor.id));
  if (!canLeave(conversation.type)) refuseForDirect(conversation.type, 'leave');
  if (conversation.applicationId) refuseForTeam();
  await markMemberLeft(db, conversationId, actor.id);
  await bus.publish([actor.id], { type: 'conversation.left', data: { conversationId } });
  const remaining = await listMemberIds(db, conversationId);
  if (remaining.length) {
    const members = (await listMembers(db, [conversationId])).map(
      ({ conversationId: _c, ...m }) => m,
    );
    const online = await findOnlineUserIds(db, remaining, presenceFreshSeconds);
    await bus.publish(remaining, {
      type: 'conversation.updated',
      data: { conversationId, members: members.map((m) => ({ ...m, online: online.has(m.id) })) },
    });
  }
}
