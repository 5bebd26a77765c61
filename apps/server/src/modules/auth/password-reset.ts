// Password reset: a request answers the same whatever the address (nobody
// learns who has an account); a link, e-mailed through the outbox, holds a
// random token whose hash alone is stored, works once and for one hour, and
// using it ends every session of the person.
import { paths } from '@grantbridge/contract/app-paths';
import { appUrl, type Config } from '../../config';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueEmail } from '../../jobs/outbox';
import { hashPassword } from '../../lib/passwords';
import { assertStrongPassword } from '../../lib/password-strength';
import { hashToken, newToken, sameHash } from '../../lib/tokens';
import {
  deleteSessionsOfUser,
  findPasswordReset,
  findUserByEmail,
  findUserById,
  insertPasswordReset,
  recordPasswordResetRequest,
  updateUserPassword,
  usePasswordReset,
} from './auth.repository';

export const resetLifetimeMs = 60 * 60_000;
/** Requests per address and per IP in an hour; more answer 429 rate_limited. */
export const resetLimits = { perAddress: 3, perIp: 20, windowMs: 60 * 60_000 };

export async function requestPasswordReset(
  db: Db,
  config: Config,
  input: { email: string },
  ip: string | null,
  now = new Date(),
) {
  const email = input.email.trim().toLowerCase();
  const counts = await recordPasswordResetRequest(db, email, ip, new Date(now.getTime() - resetLimits.windowMs));
  if (counts.email > resetLimits.perAddress || counts.ip > resetLimits.perIp) {
    throw new AppError('rate_limited', 'Too many reset requests. Try again in an hour.', {
      meta: { retryAfterSeconds: Math.round(resetLimits.windowMs / 1000) },
    });
  }
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== 'active') return;
  const token = newToken();
  await withTransaction(db, async (tx) => {
    await insertPasswordReset(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + resetLifetimeMs),
    });
    await enqueueEmail(tx, {
      to: user.email,
      subject: 'Reset your GrantBridge password',
      text:
        `Hello ${user.name},\n\n` +
        'Someone (we hope you) asked to reset the password of your GrantBridge account. ' +
        'Choose a new password here within the next hour:\n\n' +
        `${appUrl(config)}${paths.resetPasswordWith(token)}\n\n` +
        'The link works once. Setting a new password signs you out everywhere. ' +
        'If you did not ask for this, ignore this e-mail: your password stays as it is.\n\n' +
        'GrantBridge',
    });
  });
}

/** Sets the new password and ends every session; answers the person's id. */
export async function confirmPasswordReset(
  db: Db,
  input: { token: string; password: string },
  now = new Date(),
): Promise<string> {
  const tokenHash = hashToken(input.token);
  const reset = await findPasswordReset(db, tokenHash);
  if (!reset || !sameHash(reset.tokenHash, tokenHash)) {
    throw new AppError('not_found', 'This reset link is not valid. Ask for a new one.');
  }
  if (reset.usedAt) throw new AppError('token_used', 'This reset link has been used. Ask for a new one.');
  if (reset.expiresAt <= now) throw new AppError('token_expired', 'This reset link has expired. Ask for a new one.');
  await assertStrongPassword(input.password, (await findUserById(db, reset.userId)) ?? {});
  const passwordHash = await hashPassword(input.password);
  await withTransaction(db, async (tx) => {
    if (!(await usePasswordReset(tx, tokenHash, now))) {
      throw new AppError('token_used', 'This reset link has been used. Ask for a new one.');
    }
    await updateUserPassword(tx, reset.userId, passwordHash);
    await deleteSessionsOfUser(tx, reset.userId);
  });
  return reset.userId;
}
