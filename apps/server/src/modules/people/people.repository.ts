// SQL for invitations.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
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

/** Which of these lower-case addresses have a pending invitation. */
export async function findPendingEmails(db: Db, emails: string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: invitations.email })
    .from(invitations)
    .where(and(inArray(invitations.email, emails), eq(invitations.status, 'pending')));
  return new Set(rows.map((r) => r.email));
}

/** Inserts pending invitations in one statement; those an address already had are left out of the answer. */
export async function insertInvitations(db: Db, rows: (typeof invitations.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(invitations).values(rows).onConflictDoNothing().returning();
}
