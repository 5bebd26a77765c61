// Accounts and sessions: sign-in with lockout, session look-up with idle and
// absolute expiry, password change, sign out everywhere, first admin.
import type { Role, User } from '@grantbridge/contract/auth';
import type { Config } from '../../config';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { assertStrongPassword } from '../../lib/password-strength';
import { hashToken, newToken } from '../../lib/tokens';
import type { SessionCache } from '../../plugins/session-cache';
import type { Actor, SessionUser } from '../../plugins/types';
import {
  createInstitution,
  findInstitutionForEmail,
  findSignInInstitution,
  setInstitutionOnboarded,
} from '../institutions/institutions.service';
import { canManageAccount } from './auth.policy';
import { guardSignIn, recordFailedSignIn, rememberDevice } from './sign-in-attempts';
import {
  countUsersByRole,
  deleteSession,
  deleteSessionsOfUser,
  findExistingUserIds,
  findLiveSession,
  findUserByEmail,
  findUserById,
  findUserIdsByEmails,
  insertLoginAttempt,
  insertSession,
  insertUser,
  markSignedIn,
  setUserStatus,
  touchSession,
  updateUserDetails,
  type AccountDetails,
  updateUserPassword,
} from './auth.repository';

type UserJoin = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

function toUser(row: UserJoin): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    title: row.title,
    department: row.department,
    institution: { id: row.institutionId, name: row.institutionName },
    setupComplete: row.setupComplete,
  };
}

const roleLabel: Record<Role, string> = {
  researcher: 'Researcher / Professor',
  admin: 'Administrator',
};

export type LoginInput = { email: string; password: string; role: Role; remember: boolean };

export async function login(
  db: Db,
  config: Config,
  input: LoginInput,
  context: {
    ip: string | null;
    userAgent: string | null;
    previousToken?: string;
    deviceToken?: string;
  },
) {
  const email = input.email.trim().toLowerCase();
  const now = new Date();
  const institution = await findSignInInstitution(db, email);
  // Campus SSO only (decision 057): a fact about the institution, so told before any password is checked.
  if (!institution.passwordSignIn) {
    throw new AppError(
      'password_sign_in_disabled',
      `${institution.name} signs in with its campus single sign-on. Choose “Continue with ${institution.name}”.`,
      { meta: { institutionId: institution.id } },
    );
  }

  const user = await findUserByEmail(db, email);
  // Locked sources are refused and an e-mail under attack is slowed, before any password is checked.
  const { knownDevice } = await guardSignIn(db, config, {
    email,
    ip: context.ip,
    userId: user?.id ?? null,
    deviceToken: context.deviceToken,
  });
  if (!user || !user.passwordHash) {
    await verifyAgainstDummy(input.password);
    await recordFailedSignIn(db, config, { email, ip: context.ip, account: null });
    throw new AppError('invalid_credentials', 'Invalid email or password.');
  }
  const passwordRight = await verifyPassword(user.passwordHash, input.password);
  // Deactivated, the answer is the same whatever the password: it must not confirm one (issue 27).
  if (user.status === 'deactivated') {
    throw new AppError(
      'account_deactivated',
      "This account has been deactivated. Ask your institution's research office to restore it.",
    );
  }
  if (!passwordRight) {
    await recordFailedSignIn(db, config, {
      email,
      ip: context.ip,
      account: { email: user.email, name: user.name },
    });
    throw new AppError('invalid_credentials', 'Invalid email or password.');
  }
  if (user.role !== input.role) {
    throw new AppError(
      'role_mismatch',
      `This is ${user.role === 'admin' ? 'an administrator' : 'a researcher'} account. Choose ${roleLabel[user.role]} to sign in.`,
      { meta: { role: user.role } },
    );
  }

  if (context.previousToken) {
    const previous = await findLiveSession(db, hashToken(context.previousToken), now);
    if (previous) await deleteSession(db, previous.sessionId);
  }
  const session = await withTransaction(db, async (tx) => {
    const opened = await openSession(tx, config, user.id, input.remember, context, now);
    await insertLoginAttempt(tx, email, true, context.ip);
    return { ...opened, deviceToken: await rememberDevice(tx, user.id, knownDevice) };
  });
  return { user: toUser(user), ...session };
}

/**
 * Starts a session for the user (sign-in, an accepted invitation): the token
 * for the cookie, and its max age when it outlives the browser.
 */
export async function openSession(
  db: Db,
  config: Config,
  userId: string,
  remember: boolean,
  context: { ip: string | null; userAgent: string | null },
  now = new Date(),
) {
  const token = newToken();
  const lifetime = remember ? config.rememberMs : config.sessionAbsoluteMs;
  const idle = remember ? config.rememberMs : config.sessionIdleMs;
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    remember,
    expiresAt: new Date(now.getTime() + lifetime),
    idleExpiresAt: new Date(now.getTime() + Math.min(idle, lifetime)),
    ip: context.ip,
    userAgent: context.userAgent?.slice(0, 300) ?? null,
  });
  await markSignedIn(db, userId, now);
  return { token, maxAgeSeconds: remember ? lifetime / 1000 : undefined };
}

/**
 * Signs in the account of an e-mail vouched for by the institution's identity
 * provider (decision 057): a session exactly as a password sign-in opens one.
 * Null when no account has the e-mail; account_deactivated when it is deactivated.
 */
export async function signInVouched(
  db: Db,
  config: Config,
  email: string,
  remember: boolean,
  context: { ip: string | null; userAgent: string | null; previousToken?: string },
) {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  if (user.status === 'deactivated') {
    throw new AppError(
      'account_deactivated',
      "This account has been deactivated. Ask your institution's research office to restore it.",
    );
  }
  const now = new Date();
  if (context.previousToken) {
    const previous = await findLiveSession(db, hashToken(context.previousToken), now);
    if (previous) await deleteSession(db, previous.sessionId);
  }
  const session = await withTransaction(db, async (tx) => {
    const opened = await openSession(tx, config, user.id, remember, context, now);
    await insertLoginAttempt(tx, user.email, true, context.ip);
    return opened;
  });
  return { user: toUser(user), ...session };
}

/** The signed-in user as /auth/me answers it. */
export async function getAccount(db: Db, userId: string): Promise<User | null> {
  const row = await findUserById(db, userId);
  return row ? toUser(row) : null;
}

/** Changes the account's own fields (name, title, department, phone, office, setup state). */
export async function updateAccountDetails(db: Db, userId: string, details: AccountDetails) {
  await updateUserDetails(db, userId, details);
}

/** Activates or deactivates an account; a deactivated one loses every session at once. */
export async function setAccountStatus(db: Db, userId: string, status: 'active' | 'deactivated') {
  await withTransaction(db, async (tx) => {
    await setUserStatus(tx, userId, status);
    if (status === 'deactivated') await deleteSessionsOfUser(tx, userId);
  });
}

const touchEveryMs = 60_000;

/** The signed-in user of a session token, or null; `cache` spares repeated reads of the same session. */
export async function getSessionUser(
  db: Db,
  config: Config,
  token: string,
  cache?: SessionCache,
): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const now = new Date();
  const row = await findLiveSession(db, tokenHash, now);
  if (!row) return null;
  let idleExpiresAt = row.idleExpiresAt;
  if (now.getTime() - row.lastSeenAt.getTime() > touchEveryMs) {
    const idle = row.remember ? config.rememberMs : config.sessionIdleMs;
    idleExpiresAt = new Date(Math.min(now.getTime() + idle, row.expiresAt.getTime()));
    await touchSession(db, row.sessionId, now, idleExpiresAt);
  }
  const user = { ...toUser(row), sessionId: row.sessionId };
  cache?.set(
    tokenHash,
    user,
    Math.min(row.expiresAt.getTime(), idleExpiresAt.getTime()),
    now.getTime(),
  );
  return user;
}

export async function logout(db: Db, sessionId: string) {
  await deleteSession(db, sessionId);
}

function assertManages(actor: Actor, accountId: string) {
  if (!canManageAccount(actor, { id: accountId })) {
    throw new AppError('forbidden', 'Only the account holder may do this.');
  }
}

export async function signOutEverywhere(db: Db, actor: Actor, userId: string) {
  assertManages(actor, userId);
  await deleteSessionsOfUser(db, userId);
}

export async function changePassword(
  db: Db,
  actor: Actor,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  keepSessionId?: string,
) {
  assertManages(actor, userId);
  const user = await findUserById(db, userId);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('validation_failed', 'Current password is incorrect.', {
      errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
  }
  if (input.currentPassword === input.newPassword) {
    throw new AppError('validation_failed', 'Choose a password you have not used here.', {
      errors: [{ path: 'newPassword', message: 'Use a password different from the current one' }],
    });
  }
  await assertStrongPassword(input.newPassword, user, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  // A stolen cookie must not outlive the password it was stolen under: every
  // other session ends with the change (30-day "remember me" ones too).
  await withTransaction(db, async (tx) => {
    await updateUserPassword(tx, userId, passwordHash);
    await deleteSessionsOfUser(tx, userId, keepSessionId);
  });
}

export type NewAccount = {
  email: string;
  name: string;
  role: Role;
  password?: string;
  title?: string | null;
  department?: string | null;
  phone?: string | null;
  office?: string | null;
  setupComplete?: boolean;
};

/** Creates an account at the institution that owns the e-mail's domain (a researcher's profile is the caller's next step). */
export async function createAccount(db: Db, account: NewAccount, institutionId: string) {
  if (await findUserByEmail(db, account.email)) {
    throw new AppError('conflict', `An account for ${account.email} already exists.`);
  }
  const user = await insertUser(db, {
    institutionId,
    email: account.email.trim().toLowerCase(),
    name: account.name,
    role: account.role,
    title: account.title ?? null,
    department: account.department ?? null,
    phone: account.phone ?? null,
    office: account.office ?? null,
    setupComplete: account.setupComplete ?? false,
    passwordHash: account.password ? await hashPassword(account.password) : null,
  });
  return user!;
}

/**
 * For a real deployment: onboards the e-mail's institution (from the shipped
 * list by domain, or a new one named after the domain) and creates its admin.
 */
export async function createFirstAdmin(
  db: Db,
  input: { email: string; name: string; password: string; institutionName?: string },
) {
  const email = input.email.trim().toLowerCase();
  const domain = email.split('@')[1];
  if (!domain) throw new AppError('validation_failed', 'The e-mail address has no domain.');
  await assertStrongPassword(input.password, { email, name: input.name });
  let institution = await findInstitutionForEmail(db, email);
  if (!institution) {
    institution = await createInstitution(db, {
      name: input.institutionName ?? domain,
      domains: [domain],
      onboarded: true,
    });
  }
  await setInstitutionOnboarded(db, institution!.id, true);
  const user = await createAccount(
    db,
    { email, name: input.name, role: 'admin', password: input.password, setupComplete: true },
    institution!.id,
  );
  return { user, institution: institution! };
}

/** The ids of accounts by e-mail (compared lower-case), keyed by the lower-case e-mail. */
export async function findUserIdsByEmail(db: Db, emails: string[]): Promise<Map<string, string>> {
  const rows = await findUserIdsByEmails(
    db,
    emails.map((e) => e.toLowerCase()),
  );
  return new Map(rows.map((r) => [r.email, r.id]));
}

export { countUsersByRole, findExistingUserIds };
