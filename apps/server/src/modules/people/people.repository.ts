// SQL for invitations.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations } from '../../db/schema/people';

export type InvitationRow = typeof invitations.$inferSelect;

export async function findPendingInvitationByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, email), eq(invitations.status, 'pending')));
  return row;
}

export async function findInvitationById(db: Db, id: string) {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
  return row;
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  return row;
}

/** Inserts a pending invitation; undefined when one for the address appeared meanwhile. */
export async function insertInvitation(db: Db, row: typeof invitations.$inferInsert) {
  const [inserted] = await db.insert(invitations).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** A new link for a pending invitation (the old one stops working), valid from now. */
export async function renewInvitation(
  db: Db,
  id: string,
  change: { tokenHash: string; expiresAt: Date; now: Date },
) {
  const [row] = await db
    .update(invitations)
    .set({
      tokenHash: change.tokenHash,
      expiresAt: change.expiresAt,
      lastSentAt: change.now,
      updatedAt: change.now,
      sentCount: sql`${invitations.sentCount} + 1`,
    })
    .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
    .returning();
  return row;
}

/** Moves a pending invitation to accepted or revoked; undefined when it was no longer pending. */
export async function closeInvitation(
  db: Db,
  id: string,
  status: 'accepted' | 'revoked',
  acceptedUserId: string | null = null,
) {
  const [row] = await db
    .update(invitations)
    .set({ status, acceptedUserId, updatedAt: new Date() })
    .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
    .returning();
  return row;
}

export async function listPendingInvitations(db: Db, institutionId: string) {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.institutionId, institutionId), eq(invitations.status, 'pending')))
    .orderBy(desc(invitations.lastSentAt));
}
