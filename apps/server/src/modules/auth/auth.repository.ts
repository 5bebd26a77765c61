// SQL for accounts, sessions and sign-in attempts.
import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import {
  knownDevices,
  loginAttempts,
  passwordResetRequests,
  passwordResets,
  sessions,
  users,
} from '../../db/schema/auth';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

const userWithInstitution = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  title: users.title,
  department: users.department,
  setupComplete: users.setupComplete,
  status: users.status,
  passwordHash: users.passwordHash,
  institutionId: institutions.id,
  institutionName: institutions.name,
};

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select(userWithInstitution)
    .from(users)
    .innerJoin(institutions, eq(institutions.id, users.institutionId))
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db
    .select(userWithInstitution)
    .from(users)
    .innerJoin(institutions, eq(institutions.id, users.institutionId))
    .where(eq(users.id, id));
  return row;
}

export async function insertUser(db: Db, user: NewUser) {
  const [row] = await db.insert(users).values(user).returning();
  return row;
}

/**
 * Sets a new password, and ends every reset link of the person not used yet
 * (issue 27): a link sent before the password changed, or an older one of two,
 * must not set it again.
 */
export async function updateUserPassword(db: Db, userId: string, passwordHash: string) {
  const now = new Date();
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), sql`${passwordResets.usedAt} IS NULL`));
}

export async function markSignedIn(db: Db, userId: string, at: Date) {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

export async function insertSession(db: Db, session: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(session).returning({ id: sessions.id });
  return row;
}

export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      idleExpiresAt: sessions.idleExpiresAt,
      ...userWithInstitution,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(institutions, eq(institutions.id, users.institutionId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(users.status, 'active'),
        gt(sessions.expiresAt, now),
        gt(sessions.idleExpiresAt, now),
      ),
    );
  return row;
}

export async function touchSession(db: Db, sessionId: string, now: Date, idleExpiresAt: Date) {
  await db
    .update(sessions)
    .set({ lastSeenAt: now, idleExpiresAt })
    .where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of the user, or every one but `exceptSessionId`. */
export async function deleteSessionsOfUser(db: Db, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessions(db: Db, now: Date) {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.idleExpiresAt, now)));
}

export async function insertLoginAttempt(
  db: Db,
  email: string,
  succeeded: boolean,
  ip: string | null,
) {
  await db.insert(loginAttempts).values({ email, succeeded, ip });
}

export async function countRecentFailures(db: Db, email: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.attemptedAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function countUsersByRole(db: Db, role: 'researcher' | 'admin') {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, role));
  return row?.n ?? 0;
}

/** Which of these ids are accounts. */
export async function findExistingUserIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return rows.map((r) => r.id);
}

/** The accounts of these lower-case e-mails, as id and lower-case e-mail. */
export async function findUserIdsByEmails(db: Db, emails: string[]) {
  if (!emails.length) return [];
  const email = sql<string>`lower(${users.email})`;
  return db.select({ id: users.id, email }).from(users).where(inArray(email, emails));
}

/** Failed sign-ins since `since`: for this e-mail from this address, from this address, and for this e-mail. */
export async function countRecentFailureSources(
  db: Db,
  email: string,
  ip: string | null,
  since: Date,
) {
  const [row] = await queryRows<{ pair: number; address: number; email: number }>(
    db,
    sql`
    SELECT count(*) FILTER (WHERE email = ${email} AND ip IS NOT DISTINCT FROM ${ip})::int AS pair,
      count(*) FILTER (WHERE ip IS NOT DISTINCT FROM ${ip})::int AS address,
      count(*) FILTER (WHERE email = ${email})::int AS email
    FROM login_attempts
    WHERE NOT succeeded AND attempted_at > ${since.toISOString()}::timestamptz
      AND (email = ${email} OR ip IS NOT DISTINCT FROM ${ip})`,
  );
  return row ?? { pair: 0, address: 0, email: 0 };
}

/** Whether the device token is one the user signed in with; marks it used. */
export async function useKnownDevice(db: Db, tokenHash: string, userId: string) {
  const rows = await db
    .update(knownDevices)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(knownDevices.tokenHash, tokenHash), eq(knownDevices.userId, userId)))
    .returning({ tokenHash: knownDevices.tokenHash });
  return rows.length > 0;
}

export async function insertKnownDevice(db: Db, tokenHash: string, userId: string) {
  await db.insert(knownDevices).values({ tokenHash, userId }).onConflictDoNothing();
}

/**
 * Claims the right to tell the person about a burst of failures: true for one
 * caller per burst, on any instance (an alert sent before `staleBefore` no
 * longer counts).
 */
export async function claimLoginAlert(db: Db, email: string, staleBefore: Date) {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`
    INSERT INTO login_alerts (email, sent_at) VALUES (${email}, now())
    ON CONFLICT (email) DO UPDATE SET sent_at = now()
      WHERE login_alerts.sent_at < ${staleBefore.toISOString()}::timestamptz
    RETURNING email`,
  );
  return rows.length > 0;
}

export async function setUserStatus(db: Db, userId: string, status: 'active' | 'deactivated') {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function insertPasswordReset(db: Db, row: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(row);
}

export async function findPasswordReset(db: Db, tokenHash: string) {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
  return row;
}

/** Marks the reset used; false when another request used it first. */
export async function usePasswordReset(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), sql`${passwordResets.usedAt} IS NULL`))
    .returning({ tokenHash: passwordResets.tokenHash });
  return rows.length > 0;
}

/** Records a reset request and answers how many came from this address and this IP since `since`. */
export async function recordPasswordResetRequest(db: Db, email: string, ip: string | null, since: Date) {
  await db.insert(passwordResetRequests).values({ email, ip });
  const [row] = await queryRows<{ email: number; ip: number }>(
    db,
    sql`
    SELECT count(*) FILTER (WHERE email = ${email})::int AS email,
      count(*) FILTER (WHERE ip IS NOT DISTINCT FROM ${ip})::int AS ip
    FROM password_reset_requests
    WHERE requested_at > ${since.toISOString()}::timestamptz AND (email = ${email} OR ip IS NOT DISTINCT FROM ${ip})`,
  );
  await db.delete(passwordResetRequests).where(lt(passwordResetRequests.requestedAt, new Date(since.getTime() - 86_400_000)));
  return row ?? { email: 1, ip: 1 };
}

export type AccountDetails = Partial<
  Pick<NewUser, 'name' | 'title' | 'department' | 'phone' | 'office' | 'setupComplete' | 'avatarUrl'>
>;

export async function updateUserDetails(db: Db, userId: string, details: AccountDetails) {
  if (Object.keys(details).length === 0) return;
  await db.update(users).set({ ...details, updatedAt: new Date() }).where(eq(users.id, userId));
}
