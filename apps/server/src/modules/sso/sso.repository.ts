// SQL for single sign-on: the institutions' settings, sign-ins under way, and
// used assertion ids and nonces.
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutionSso, ssoRequests, ssoUsedTokens } from '../../db/schema/sso';

export type SsoRow = typeof institutionSso.$inferSelect;
export type NewSsoRow = typeof institutionSso.$inferInsert;
export type SsoRequestRow = typeof ssoRequests.$inferSelect;

export async function findSsoSettings(db: Db, institutionId: string) {
  const [row] = await db
    .select()
    .from(institutionSso)
    .where(eq(institutionSso.institutionId, institutionId));
  return row;
}

export async function upsertSsoSettings(db: Db, row: NewSsoRow) {
  const { institutionId: _id, ...changes } = row;
  const [saved] = await db
    .insert(institutionSso)
    .values(row)
    .onConflictDoUpdate({ target: institutionSso.institutionId, set: changes })
    .returning();
  return saved!;
}

export async function insertSsoRequest(db: Db, row: typeof ssoRequests.$inferInsert) {
  // Sign-ins nobody finished go as new ones start.
  await db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(ssoRequests).values(row);
}

/** Marks the sign-in of this state used and answers it; undefined when unknown, used or expired. */
export async function takeSsoRequest(db: Db, stateHash: string, now: Date) {
  const [row] = await db
    .update(ssoRequests)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoRequests.stateHash, stateHash),
        isNull(ssoRequests.usedAt),
        sql`${ssoRequests.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

/** The SAML sign-in under way with this AuthnRequest id (unused and not expired). */
export async function findSamlRequest(db: Db, requestId: string, now: Date) {
  const [row] = await db
    .select()
    .from(ssoRequests)
    .where(
      and(
        eq(ssoRequests.samlRequestId, requestId),
        isNull(ssoRequests.usedAt),
        sql`${ssoRequests.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row;
}

/** Marks the SAML sign-in of this request id used; false when it was already. */
export async function useSamlRequest(db: Db, requestId: string, now: Date) {
  const rows = await db
    .update(ssoRequests)
    .set({ usedAt: now })
    .where(and(eq(ssoRequests.samlRequestId, requestId), isNull(ssoRequests.usedAt)))
    .returning({ stateHash: ssoRequests.stateHash });
  return rows.length > 0;
}

export async function isTokenUsed(db: Db, key: string) {
  const [row] = await db
    .select({ key: ssoUsedTokens.key })
    .from(ssoUsedTokens)
    .where(eq(ssoUsedTokens.key, key));
  return row !== undefined;
}

/** Records an assertion id or nonce as used; false when another request used it first. */
export async function useToken(db: Db, key: string, expiresAt: Date) {
  await db.delete(ssoUsedTokens).where(lt(ssoUsedTokens.expiresAt, new Date()));
  const rows = await db
    .insert(ssoUsedTokens)
    .values({ key, expiresAt })
    .onConflictDoNothing()
    .returning({ key: ssoUsedTokens.key });
  return rows.length > 0;
}
