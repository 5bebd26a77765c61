// SQL for message requests (a first direct message across institutions),
// blocks between people, and reports of conversations (decision 029).
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { institutions } from '../../db/schema/institutions';
import { conversationReports, conversations, userBlocks } from '../../db/schema/messaging';
import { personColumns } from './presence.repository';

export async function findInstitutionIdsOf(db: Db, userIds: string[]) {
  if (!userIds.length) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, institutionId: users.institutionId })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r.institutionId]));
}

export async function findRequestOf(db: Db, conversationId: string) {
  const [row] = await db
    .select({
      type: conversations.type,
      state: conversations.requestState,
      createdBy: conversations.createdBy,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row ?? null;
}

/** Moves a request from one state to another; false when it was not in `from` (someone got there first). */
export async function setRequestState(
  db: Db,
  conversationId: string,
  from: 'pending',
  to: 'accepted' | 'declined',
) {
  const rows = await db
    .update(conversations)
    .set({ requestState: to })
    .where(and(eq(conversations.id, conversationId), eq(conversations.requestState, from)))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

/** Block pairs between `userId` and any of `others`, either way. */
export async function findBlocksBetween(db: Db, userId: string, others: string[]) {
  if (!others.length) return [];
  return db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, userId), inArray(userBlocks.blockedId, others)),
        and(eq(userBlocks.blockedId, userId), inArray(userBlocks.blockerId, others)),
      ),
    );
}

export async function insertBlock(db: Db, blockerId: string, blockedId: string) {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string) {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function listBlocked(db: Db, blockerId: string) {
  return db
    .select(personColumns)
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .innerJoin(institutions, eq(institutions.id, users.institutionId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(asc(users.name));
}

export async function insertReport(
  db: Db,
  conversationId: string,
  reporterId: string,
  reason: string,
) {
  await db.insert(conversationReports).values({ conversationId, reporterId, reason });
}
