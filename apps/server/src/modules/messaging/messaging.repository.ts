// SQL for conversations and their members (messages are in messages.repository.ts;
// presence, peers and the people picker in presence.repository.ts).
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { conversationMembers, conversations, messages } from '../../db/schema/messaging';
import { users } from '../../db/schema/auth';

export type ConversationRow = typeof conversations.$inferSelect;

/** Membership rows of members now: not left, and not an invitation waiting for an answer. */
export const activeMembership = () =>
  and(isNull(conversationMembers.leftAt), eq(conversationMembers.invitePending, false));

/** The user's own current membership (see activeMembership). */
export const liveMember = (userId: string) => and(eq(conversationMembers.userId, userId), activeMembership());

/** The conversation and the user's live membership, or null when the user is not a member. */
export async function findMembership(db: Db, conversationId: string, userId: string) {
  const [row] = await db
    .select({
      conversation: conversations,
      lastReadSeq: conversationMembers.lastReadSeq,
      visibleFromSeq: conversationMembers.visibleFromSeq,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.conversationId, conversationId), liveMember(userId)));
  return row ?? null;
}

/** The user's invitation to the conversation still waiting for an answer, or null. */
export async function findPendingInvitation(db: Db, conversationId: string, userId: string) {
  const [row] = await db
    .select({ conversation: conversations, invitedBy: conversationMembers.invitedBy })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
        isNull(conversationMembers.leftAt),
        eq(conversationMembers.invitePending, true),
      ),
    );
  return row ?? null;
}

/** Makes a waiting invitation a membership that sees what is sent from now on; false if it was not waiting. */
export async function acceptPendingInvitation(db: Db, conversationId: string, userId: string) {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`UPDATE conversation_members cm
      SET invite_pending = false, joined_at = now(), last_read_seq = c.last_seq, visible_from_seq = c.last_seq
      FROM conversations c
      WHERE c.id = cm.conversation_id AND cm.conversation_id = ${conversationId} AND cm.user_id = ${userId}
        AND cm.left_at IS NULL AND cm.invite_pending
      RETURNING cm.user_id`,
  );
  return rows.length > 0;
}

/** For the user's invitations waiting, who added them, by conversation. */
export async function listInviterNames(db: Db, conversationIds: string[], userId: string) {
  if (!conversationIds.length) return new Map<string, string>();
  const rows = await db
    .select({ conversationId: conversationMembers.conversationId, name: users.name })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.invitedBy))
    .where(and(eq(conversationMembers.userId, userId), inArray(conversationMembers.conversationId, conversationIds)));
  return new Map(rows.map((r) => [r.conversationId, r.name]));
}

export async function setHistoryShared(db: Db, conversationId: string, shared: boolean) {
  await db.update(conversations).set({ historyShared: shared }).where(eq(conversations.id, conversationId));
}

export async function findConversationByDirectKey(db: Db, directKey: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.directKey, directKey));
  return row ?? null;
}

/** Inserts a conversation; for a direct one that raced with another insert, returns null. */
export async function insertConversation(db: Db, row: typeof conversations.$inferInsert) {
  const [created] = await db.insert(conversations).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

/**
 * Adds members, or brings back ones who left; newcomers start with nothing
 * unread and see what is sent from `lastSeq` on (unless the history is
 * shared). `invitedBy` makes them invitations waiting for an answer instead.
 */
export async function upsertMembers(
  db: Db,
  conversationId: string,
  userIds: string[],
  lastSeq: number,
  invitedBy?: string,
) {
  if (!userIds.length) return;
  await db
    .insert(conversationMembers)
    .values(
      userIds.map((userId) => ({
        conversationId,
        userId,
        lastReadSeq: lastSeq,
        visibleFromSeq: lastSeq,
        invitePending: !!invitedBy,
        invitedBy: invitedBy ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [conversationMembers.conversationId, conversationMembers.userId],
      set: {
        leftAt: null,
        joinedAt: sql`now()`,
        lastReadSeq: sql`excluded.last_read_seq`,
        visibleFromSeq: sql`excluded.visible_from_seq`,
        invitePending: sql`excluded.invite_pending`,
        invitedBy: sql`excluded.invited_by`,
      },
      setWhere: sql`${conversationMembers.leftAt} is not null`,
    });
}

export async function markMemberLeft(db: Db, conversationId: string, userId: string) {
  await db
    .update(conversationMembers)
    .set({ leftAt: new Date() })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
      ),
    );
}

/** Live members of the conversations (or, with `invited`, the invitations waiting), with what the member list shows. */
export async function listMembers(db: Db, conversationIds: string[], invited = false) {
  if (!conversationIds.length) return [];
  return db
    .select({
      conversationId: conversationMembers.conversationId,
      id: users.id,
      name: users.name,
      title: users.title,
      role: users.role,
      institutionName: institutions.name,
    })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .innerJoin(institutions, eq(institutions.id, users.institutionId))
    .where(
      and(
        inArray(conversationMembers.conversationId, conversationIds),
        isNull(conversationMembers.leftAt),
        eq(conversationMembers.invitePending, invited),
      ),
    )
    .orderBy(asc(conversationMembers.joinedAt), asc(users.name));
}

export async function listMemberIds(db: Db, conversationId: string) {
  const rows = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), activeMembership()));
  return rows.map((r) => r.userId);
}

/** The user's conversations and invitations waiting, most recently active first, with unread counts. */
export async function listConversationsOfUser(db: Db, userId: string, onlyId?: string) {
  const unread = sql<number>`(
    select count(*)::int from ${messages} u
    where u.conversation_id = ${conversations.id}
      and u.seq > ${conversationMembers.lastReadSeq}
      and u.sender_id <> ${userId}
      and not ${conversationMembers.invitePending}
  )`;
  return db
    .select({
      conversation: conversations,
      lastReadSeq: conversationMembers.lastReadSeq,
      visibleFromSeq: conversationMembers.visibleFromSeq,
      invitePending: conversationMembers.invitePending,
      unreadCount: unread,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        eq(conversationMembers.userId, userId),
        isNull(conversationMembers.leftAt),
        onlyId ? eq(conversations.id, onlyId) : undefined,
      ),
    )
    .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`));
}

/** Locks the conversation row so sends to one conversation take sequence numbers one at a time. */
export async function lockConversation(db: Db, conversationId: string) {
  await db.execute(
    sql`select 1 from ${conversations} where ${conversations.id} = ${conversationId} for update`,
  );
}

/** Moves the read marker forward only; returns the marker now stored. */
export async function advanceReadMarker(
  db: Db,
  conversationId: string,
  userId: string,
  seq: number,
) {
  const [row] = await db
    .update(conversationMembers)
    .set({ lastReadSeq: sql`greatest(${conversationMembers.lastReadSeq}, ${seq})` })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
      ),
    )
    .returning({ lastReadSeq: conversationMembers.lastReadSeq });
  return row!.lastReadSeq;
}

/** The people who share a conversation with the user now (neither has left it). */
export async function findContactIds(db: Db, userId: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT DISTINCT b.user_id AS id
      FROM conversation_members a
      JOIN conversation_members b ON b.conversation_id = a.conversation_id AND b.user_id <> a.user_id
      WHERE a.user_id = ${userId} AND a.left_at IS NULL AND b.left_at IS NULL`,
  );
  return rows.map((r) => r.id);
}

/** For each person a contact of `contactIds` talks to, how many of those contacts do. */
export async function countSharedContacts(db: Db, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  return queryRows<{ id: string; n: number }>(
    db,
    sql`SELECT b.user_id AS id, count(DISTINCT a.user_id)::int AS n
      FROM conversation_members a
      JOIN conversation_members b ON b.conversation_id = a.conversation_id AND b.user_id <> a.user_id
      WHERE a.user_id = ANY(${`{${contactIds.join(',')}}`}::uuid[]) AND a.left_at IS NULL AND b.left_at IS NULL
      GROUP BY b.user_id`,
  );
}
