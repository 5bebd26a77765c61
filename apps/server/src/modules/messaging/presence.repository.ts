// SQL for presence (which instance holds a socket for whom), the audience of
// a person's presence (their peers), and the people picker.
import { and, asc, eq, gt, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Person } from '@grantbridge/contract/messaging';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import {
  conversationMembers,
  conversations,
  userPresence,
  userBlocks,
} from '../../db/schema/messaging';
import { users } from '../../db/schema/auth';
import { liveMember } from './messaging.repository';

/** A person as the people picker and the block list show them (with users joined to institutions). */
export const personColumns = {
  id: users.id,
  name: users.name,
  title: users.title,
  role: users.role,
  institutionId: institutions.id,
  institutionName: institutions.name,
};

export function toPerson(row: {
  id: string;
  name: string;
  title: string | null;
  role: 'researcher' | 'admin';
  institutionId: string;
  institutionName: string;
}): Person {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    role: row.role,
    institution: { id: row.institutionId, name: row.institutionName },
  };
}

function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * People by name (any part, any institution), or by their whole e-mail address
 * typed in full, and then only at the searcher's own institution: an address
 * cannot be confirmed letter by letter, nor anyone's found across institutions.
 */
export async function searchPeople(
  db: Db,
  q: string,
  searcher: { userId: string; institutionId: string },
  limit: number,
) {
  const pattern = likePattern(q);
  const byEmail = and(
    eq(users.institutionId, searcher.institutionId),
    sql`lower(${users.email}) = lower(${q})`,
  );
  return db
    .select(personColumns)
    .from(users)
    .innerJoin(institutions, eq(institutions.id, users.institutionId))
    .where(
      and(ne(users.id, searcher.userId), q ? or(ilike(users.name, pattern), byEmail) : undefined),
    )
    .orderBy(asc(users.name))
    .limit(limit);
}

// ---- presence ----

export async function upsertPresence(db: Db, userId: string, instanceId: string) {
  await db
    .insert(userPresence)
    .values({ userId, instanceId })
    .onConflictDoUpdate({
      target: [userPresence.userId, userPresence.instanceId],
      set: { seenAt: sql`now()` },
    });
}

export async function deletePresence(db: Db, userId: string, instanceId: string) {
  await db
    .delete(userPresence)
    .where(and(eq(userPresence.userId, userId), eq(userPresence.instanceId, instanceId)));
}

export async function deletePresenceOfInstance(db: Db, instanceId: string) {
  await db.delete(userPresence).where(eq(userPresence.instanceId, instanceId));
}

export async function touchPresenceOfInstance(db: Db, instanceId: string) {
  await db
    .update(userPresence)
    .set({ seenAt: sql`now()` })
    .where(eq(userPresence.instanceId, instanceId));
}

/**
 * Removes presence rows no instance has refreshed within the window (their
 * instance died without cleaning up) and returns their users. A row is removed
 * by one caller only, so each stale user is announced once across instances.
 */
export async function deleteStalePresence(db: Db, freshSeconds: number): Promise<string[]> {
  const rows = await db
    .delete(userPresence)
    .where(lt(userPresence.seenAt, sql`now() - make_interval(secs => ${freshSeconds})`))
    .returning({ userId: userPresence.userId });
  return [...new Set(rows.map((r) => r.userId))];
}

/** Users with a socket on some instance that checked in within the freshness window. */
export async function findOnlineUserIds(
  db: Db,
  userIds: string[],
  freshSeconds: number,
  exceptInstance?: string,
) {
  if (!userIds.length) return new Set<string>();
  const rows = await db
    .selectDistinct({ userId: userPresence.userId })
    .from(userPresence)
    .where(
      and(
        inArray(userPresence.userId, userIds),
        gt(userPresence.seenAt, sql`now() - make_interval(secs => ${freshSeconds})`),
        exceptInstance ? ne(userPresence.instanceId, exceptInstance) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** Everyone who shares a live conversation with the user (the audience of their presence). */
export async function findPeerIds(db: Db, userId: string) {
  // Conversations that show presence: not a request still waiting, or declined.
  const mine = db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        liveMember(userId),
        or(isNull(conversations.requestState), eq(conversations.requestState, 'accepted')),
      ),
    );
  // Nobody on either side of a block.
  const blocked = db
    .select({ id: userBlocks.blockedId })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, userId))
    .union(
      db
        .select({ id: userBlocks.blockerId })
        .from(userBlocks)
        .where(eq(userBlocks.blockedId, userId)),
    );
  const rows = await db
    .selectDistinct({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(
      and(
        inArray(conversationMembers.conversationId, mine),
        isNull(conversationMembers.leftAt),
        eq(conversationMembers.invitePending, false),
        ne(conversationMembers.userId, userId),
        sql`${conversationMembers.userId} NOT IN (${blocked})`,
      ),
    );
  return rows.map((r) => r.userId);
}
