// Conversations and messages: creation rules, sending with a server order and
// client ids that make retries safe, read markers (membership is in membership.service.ts). Every
// realtime event is published after its transaction commits.
import type { z } from 'zod';
import { pendingRequestMessageLimit } from '@grantbridge/contract/messaging';
import type {
  Conversation,
  Person,
  createConversationRequestSchema,
  messagePageQuerySchema,
} from '@grantbridge/contract/messaging';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { RealtimeBus, RealtimeDelivery } from '../../plugins/realtime-bus';
import { findExistingUserIds } from '../auth/auth.service';
import { getGrant } from '../grants/grants.service';
import {
  advanceReadMarker,
  countSharedContacts,
  findContactIds,
  findConversationByDirectKey,
  findMembership,
  insertConversation,
  listConversationsOfUser,
  listMemberIds,
  listMembers,
  listInviterNames,
  upsertMembers,
} from './messaging.repository';
import {
  findMessageByClientId,
  findMessageById,
  listLastMessages,
  listMessages,
  type SendRefusal,
} from './messages.repository';
import { requireGrantCard, toMessages, toOneMessage } from './message-grants';
import { findOnlineUserIds, searchPeople, toPerson } from './presence.repository';
import { announceRequest, assertMayInvite, requestStateForNew, splitByInstitution } from './message-requests';
import type { SendQueue } from './send-queue';
import {
  assertMember,
  checkNewConversation,
  directKeyOf,
} from './messaging.policy';

export type Actor = { id: string; name: string };
type CreateInput = z.output<typeof createConversationRequestSchema>;
type PageInput = z.output<typeof messagePageQuerySchema>;

/** A socket's instance refreshes its presence rows this often; older rows count as offline. */
/** Each instance refreshes its users' presence this often, and sweeps up dead instances' (presence.ts). */
export const presenceHeartbeatMs = 15_000;
/** Presence older than this is stale: a dead instance's users show offline within this plus one heartbeat (55 s). */
export const presenceFreshSeconds = 40;

async function summarize(db: Db, userId: string, onlyId?: string): Promise<Conversation[]> {
  const rows = await listConversationsOfUser(db, userId, onlyId);
  const ids = rows.map((r) => r.conversation.id);
  const [members, invited, lastMessages] = await Promise.all([
    listMembers(db, ids),
    listMembers(db, ids, true),
    listLastMessages(db, ids).then((rows) => toMessages(db, rows)),
  ]);
  const online = await findOnlineUserIds(
    db,
    [...new Set(members.map((m) => m.id))],
    presenceFreshSeconds,
  );
  const inviters = await listInviterNames(db, rows.filter((r) => r.invitePending).map((r) => r.conversation.id), userId);
  const lastById = new Map(lastMessages.map((m) => [m.conversationId, m]));
  const strip = ({ conversationId: _c, ...m }: (typeof members)[number]) => m;
  return rows.map(({ conversation: c, lastReadSeq, visibleFromSeq, invitePending, unreadCount }) => {
    const last = lastById.get(c.id);
    // Until a request or an invitation is accepted, neither side sees the other's presence.
    const showsPresence = !invitePending && (c.requestState === null || c.requestState === 'accepted');
    // A newcomer sees what was sent after they joined, unless the owner shares the history.
    const lastVisible = !invitePending && last && (c.historyShared || last.seq > visibleFromSeq) ? last : null;
    return {
      id: c.id,
      type: c.type,
      name: c.name,
      grantId: c.grantId,
      members: members
        .filter((m) => m.conversationId === c.id)
        .map((m) => ({ ...strip(m), online: (showsPresence || m.id === userId) && online.has(m.id) })),
      invited: invited.filter((m) => m.conversationId === c.id).map((m) => ({ ...strip(m), online: false })),
      unreadCount: Number(unreadCount),
      lastReadSeq,
      lastMessage: lastVisible,
      lastMessageAt: invitePending ? null : (c.lastMessageAt?.toISOString() ?? null),
      createdAt: c.createdAt.toISOString(),
      request: invitePending
        ? { state: 'pending' as const, fromMe: false }
        : c.requestState
          ? { state: c.requestState, fromMe: c.createdBy === userId }
          : null,
      invitedBy: invitePending ? (inviters.get(c.id) ?? null) : null,
      ownerId: c.type === 'direct' ? null : c.createdBy,
      historyShared: c.historyShared,
      earlierHidden: !invitePending && !c.historyShared && visibleFromSeq > 0,
    };
  });
}

export async function listConversations(db: Db, userId: string) {
  return summarize(db, userId);
}

export async function getConversation(db: Db, userId: string, conversationId: string) {
  const [conversation] = await summarize(db, userId, conversationId);
  if (!conversation) throw new AppError('not_found', 'Conversation not found.');
  return conversation;
}

export async function assertUsersExist(db: Db, ids: string[]) {
  const found = new Set(await findExistingUserIds(db, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    throw new AppError('validation_failed', 'Some of the people chosen do not exist.', {
      errors: [{ path: 'memberIds', message: `Unknown people: ${missing.join(', ')}` }],
    });
  }
}

/** Ids as the database returns them: a UUID in capitals names the same person. */
export function distinctIds(ids: string[], except: string) {
  return [...new Set(ids.map((id) => id.toLowerCase()))].filter((id) => id !== except);
}

export async function createConversation(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  input: CreateInput,
) {
  const otherIds = distinctIds(input.memberIds, actor.id);
  const name = input.name || undefined;
  checkNewConversation({ type: input.type, otherIds, name });
  await assertUsersExist(db, otherIds);
  const grantId = input.type === 'team' && input.grantId ? input.grantId.toLowerCase() : null;
  if (grantId && !(await getGrant(db, grantId))) {
    throw new AppError('validation_failed', 'The grant chosen for this team does not exist.', {
      errors: [{ path: 'grantId', message: 'Unknown grant' }],
    });
  }

  const directKey = input.type === 'direct' ? directKeyOf(actor.id, otherIds[0]!) : null;
  if (directKey) {
    const existing = await findConversationByDirectKey(db, directKey);
    if (existing)
      return { conversation: await getConversation(db, actor.id, existing.id), created: false };
  } else {
    await assertMayInvite(db, actor, otherIds);
  }
  const requestState = directKey ? await requestStateForNew(db, actor, otherIds[0]!) : null;
  const joining = directKey ? { colleagues: otherIds, outsiders: [] } : await splitByInstitution(db, actor, otherIds);

  const conversationId = await withTransaction(db, async (t) => {
    const row = await insertConversation(t, {
      type: input.type,
      name: input.type === 'direct' ? null : name!,
      grantId,
      directKey,
      requestState,
      createdBy: actor.id,
    });
    if (!row) return null;
    if (directKey) await upsertMembers(t, row.id, [actor.id, ...otherIds], 0);
    else {
      await upsertMembers(t, row.id, [actor.id, ...joining.colleagues], 0);
      await upsertMembers(t, row.id, joining.outsiders, 0, actor.id);
    }
    return row.id;
  });
  if (!conversationId) {
    // Another request created the same direct conversation a moment ago.
    const existing = await findConversationByDirectKey(db, directKey!);
    return { conversation: await getConversation(db, actor.id, existing!.id), created: false };
  }

  const conversation = await getConversation(db, actor.id, conversationId);
  await bus.publish([actor.id, ...joining.colleagues], { type: 'conversation.created', data: conversation });
  await announceInvitations(db, bus, conversationId, joining.outsiders);
  return { conversation, created: true };
}

/** Each person invited sees the invitation (their own view of it: who asked, nothing else). */
export async function announceInvitations(db: Db, bus: RealtimeBus, conversationId: string, userIds: string[]) {
  for (const userId of userIds) {
    await bus.publish([userId], { type: 'conversation.created', data: await getConversation(db, userId, conversationId) });
  }
}

export async function listConversationMessages(
  db: Db,
  userId: string,
  conversationId: string,
  page: PageInput,
) {
  const { conversation, visibleFromSeq } = assertMember(await findMembership(db, conversationId, userId));
  const rows = await listMessages(db, conversationId, {
    before: page.before,
    after: page.after,
    limit: page.limit + 1,
    visibleAfter: conversation.historyShared ? 0 : visibleFromSeq,
  });
  return { messages: await toMessages(db, rows.slice(0, page.limit)), hasMore: rows.length > page.limit };
}

/** Half of a UTF-16 surrogate pair on its own: valid in JSON text, but no character PostgreSQL can store. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function assertStorableText(input: { content: string; clientId: string }) {
  const errors = (['content', 'clientId'] as const)
    .filter((field) => loneSurrogate.test(input[field]))
    .map((path) => ({ path, message: 'Contains an invalid character (a lone surrogate)' }));
  if (errors.length)
    throw new AppError('validation_failed', 'The message contains invalid characters.', { errors });
}

/** The answer to a message the batch refused (the same words the checks gave one by one). */
function refuseSend(refusal: SendRefusal): never {
  switch (refusal) {
    case 'not_member':
      return assertMember(null) as never;
    case 'blocked_by':
      throw new AppError('forbidden', 'You cannot message this person.');
    case 'blocking':
      throw new AppError('forbidden', 'You cannot message this person. Unblock them first.');
    case 'declined':
      throw new AppError('forbidden', 'This person declined your message request.');
    case 'request_limit':
      throw new AppError(
        'forbidden',
        `Until they accept your request you can send ${pendingRequestMessageLimit} messages. Wait for their answer.`,
      );
  }
}

export async function sendMessage(
  db: Db,
  queue: SendQueue,
  bus: RealtimeBus,
  actor: Actor,
  conversationId: string,
  input: { content: string; clientId: string; grantId?: string },
) {
  assertStorableText(input);
  const grant = input.grantId ? await requireGrantCard(db, input.grantId) : null;
  // One batched statement checks membership, blocks and message requests,
  // stores the message once per client id, numbers it, and names the
  // audience of its event: no query of its own per message (issue 27).
  const stored = await queue.send({
    conversationId,
    senderId: actor.id,
    content: input.content,
    grantId: grant?.id ?? null,
    clientId: input.clientId,
    createdAt: new Date(),
  });
  if (stored.refusal) refuseSend(stored.refusal);
  if (stored.accepted) await announceRequest(db, bus, conversationId, getConversation);
  if (!stored.created || !stored.id || stored.seq === null || !stored.createdAt) {
    // A retry of a stored message (or one racing it): answer with what is stored.
    const existing = await findMessageByClientId(db, conversationId, actor.id, input.clientId);
    if (!existing)
      throw new AppError('conflict', 'The message could not be stored; send it again.');
    return { message: await toOneMessage(db, existing), created: false };
  }
  const message = {
    id: stored.id,
    conversationId,
    seq: stored.seq,
    senderId: actor.id,
    senderName: actor.name,
    content: input.content,
    grant,
    clientId: input.clientId,
    createdAt: stored.createdAt.toISOString(),
  };
  await bus.publish(
    stored.recipients ?? [],
    { type: 'message.created', data: message },
    { id: message.id },
  );
  return { message, created: true };
}

/** Rebuilds a message.created delivery from the database (for events too big for NOTIFY). */
export async function loadMessageDelivery(
  db: Db,
  messageId: string,
): Promise<RealtimeDelivery | null> {
  const row = await findMessageById(db, messageId);
  if (!row) return null;
  return {
    recipients: await listMemberIds(db, row.conversationId),
    event: { type: 'message.created', data: await toOneMessage(db, row) },
  };
}

export async function markConversationRead(
  db: Db,
  bus: RealtimeBus,
  userId: string,
  conversationId: string,
  seq?: number,
) {
  const { conversation } = assertMember(await findMembership(db, conversationId, userId));
  const upTo = Math.min(seq ?? conversation.lastSeq, conversation.lastSeq);
  const lastReadSeq = await advanceReadMarker(db, conversationId, userId, upTo);
  await bus.publish([userId], {
    type: 'conversation.read',
    data: { conversationId, userId, lastReadSeq },
  });
  return { conversationId, lastReadSeq };
}

/** Whether the user may see the conversation's events (used for typing frames). */
export async function isConversationMember(db: Db, conversationId: string, userId: string) {
  return (await findMembership(db, conversationId, userId)) !== null;
}

export async function otherMemberIds(db: Db, conversationId: string, userId: string) {
  return (await listMemberIds(db, conversationId)).filter((id) => id !== userId);
}

export async function findPeople(
  db: Db,
  actor: { id: string; institution: { id: string } },
  q: string,
): Promise<Person[]> {
  const rows = await searchPeople(
    db,
    q,
    { userId: actor.id, institutionId: actor.institution.id },
    20,
  );
  return rows.map(toPerson);
}

/** Who the user talks to, and for everyone else how many of those people they talk to too. */
export async function getContactGraph(db: Db, userId: string) {
  const contacts = await findContactIds(db, userId);
  const shared = await countSharedContacts(db, contacts);
  return { contacts: new Set(contacts), mutual: new Map(shared.map((r) => [r.id, r.n])) };
}

// Messaging's front door for other modules (eslint.config.js).
export { findUnreadDirectMessages } from './unread-direct';
export { findTeamConversationId, syncTeamConversation } from './team-conversations';
