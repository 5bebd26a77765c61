// Message requests and blocks (decision 029). A first direct conversation with
// someone at another institution is a request: the sender may write a few
// messages, sees none of the recipient's presence, and the recipient accepts
// (or replies), declines, blocks or reports. Blocking stops a person's
// messages and invitations both ways until it is lifted. The service calls
// these checks; presence.repository.ts leaves requests and blocks out of the
// audience of anyone's presence.
import type { Person } from '@grantbridge/contract/messaging';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import { findMembership, listMemberIds } from './messaging.repository';
import { toPerson } from './presence.repository';
import {
  deleteBlock,
  findBlocksBetween,
  findInstitutionIdsOf,
  findRequestOf,
  insertBlock,
  insertReport,
  listBlocked,
  setRequestState,
} from './message-requests.repository';

type Actor = { id: string };
type Summarize = (db: Db, userId: string, conversationId: string) => Promise<unknown>;

const cannotMessage = 'You cannot message this person.';

/** The request state a new direct conversation starts in: pending across institutions, else none. */
export async function requestStateForNew(
  db: Db,
  actor: Actor,
  otherId: string,
): Promise<'pending' | null> {
  await assertNotBlocked(db, actor.id, [otherId], cannotMessage);
  const institutions = await findInstitutionIdsOf(db, [actor.id, otherId]);
  return institutions.get(actor.id) === institutions.get(otherId) ? null : 'pending';
}

async function assertNotBlocked(db: Db, userId: string, others: string[], message: string) {
  const blocks = await findBlocksBetween(db, userId, others);
  if (blocks.some((b) => b.blockedId === userId)) throw new AppError('forbidden', message);
  if (blocks.length) throw new AppError('forbidden', `${message} Unblock them first.`);
}

/**
 * People added to a group or team: colleagues (the adder's institution) join
 * at once; anyone else is invited and joins only by accepting (decision 043).
 */
export async function splitByInstitution(db: Db, actor: Actor, userIds: string[]) {
  const institutions = await findInstitutionIdsOf(db, [actor.id, ...userIds]);
  const mine = institutions.get(actor.id);
  return {
    colleagues: userIds.filter((id) => institutions.get(id) === mine),
    outsiders: userIds.filter((id) => institutions.get(id) !== mine),
  };
}

/** Invitations to a group or team: nobody who blocked the inviter (or whom they blocked). */
export async function assertMayInvite(db: Db, actor: Actor, memberIds: string[]) {
  await assertNotBlocked(db, actor.id, memberIds, 'Someone you chose cannot be added.');
}

// Whether a message may be sent (blocks, a declined request, a waiting
// request's limit; the recipient's reply accepts) is decided inside the
// batched send statement, send_messages() (db/functions/messaging/send_messages.sql).

/** Tells both people how the conversation stands now (each sees their own view of it). */
export async function announceRequest(
  db: Db,
  bus: RealtimeBus,
  conversationId: string,
  summarize: Summarize,
) {
  for (const userId of await listMemberIds(db, conversationId)) {
    const conversation = await summarize(db, userId, conversationId);
    await bus.publish([userId], { type: 'conversation.created', data: conversation } as never);
  }
}

/** The recipient accepts or declines a pending request; anyone else gets 404, a request already answered 409. */
export async function answerRequest(
  db: Db,
  actor: Actor,
  conversationId: string,
  answer: 'accepted' | 'declined',
) {
  const membership = await findMembership(db, conversationId, actor.id);
  const request = await findRequestOf(db, conversationId);
  if (!membership || !request) throw new AppError('not_found', 'Conversation not found.');
  if (request.createdBy === actor.id || request.state === null) {
    throw new AppError('forbidden', 'Only the person who received the request can answer it.');
  }
  if (!(await setRequestState(db, conversationId, 'pending', answer))) {
    throw new AppError('conflict', `This request was already ${request.state}.`);
  }
}

export async function reportConversation(
  db: Db,
  actor: Actor,
  conversationId: string,
  reason: string,
) {
  const membership = await findMembership(db, conversationId, actor.id);
  if (!membership) throw new AppError('not_found', 'Conversation not found.');
  await insertReport(db, conversationId, actor.id, reason);
}

export async function blockPerson(db: Db, actor: Actor, userId: string) {
  const id = userId.toLowerCase();
  if (id === actor.id)
    throw new AppError('validation_failed', 'You cannot block yourself.', {
      errors: [{ path: 'userId', message: 'That is you' }],
    });
  if (!(await findInstitutionIdsOf(db, [id])).has(id))
    throw new AppError('not_found', 'No such person.');
  await insertBlock(db, actor.id, id);
}

export async function unblockPerson(db: Db, actor: Actor, userId: string) {
  await deleteBlock(db, actor.id, userId.toLowerCase());
}

export async function listBlockedPeople(db: Db, actor: Actor): Promise<Person[]> {
  return (await listBlocked(db, actor.id)).map(toPerson);
}
