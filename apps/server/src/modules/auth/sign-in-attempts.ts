// The database side of the sign-in guard (sign-in-guard.ts): counting
// failures, recognising a browser the person signed in with before, and
// telling the person, once per burst, when strangers fail at their account.
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueEmail } from '../../jobs/outbox';
import { hashToken, newToken } from '../../lib/tokens';
import {
  claimLoginAlert,
  countRecentFailureSources,
  insertKnownDevice,
  insertLoginAttempt,
  useKnownDevice,
} from './auth.repository';
import { isBurst, signInVerdict, type GuardLimits } from './sign-in-guard';

export function guardLimits(config: Config): GuardLimits {
  return {
    pairMax: config.loginMaxFailures,
    addressMax: config.loginAddressMaxFailures,
    slowAfter: config.loginMaxFailures,
    windowMs: config.loginFailureWindowMs,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Refuses a locked source (429 rate_limited, with how long to wait) and holds
 * back an attempt on an e-mail under attack; returns whether the browser is
 * one the person signed in with before.
 */
export async function guardSignIn(
  db: Db,
  config: Config,
  attempt: { email: string; ip: string | null; userId: string | null; deviceToken?: string },
): Promise<{ knownDevice: boolean }> {
  const knownDevice =
    !!attempt.userId &&
    !!attempt.deviceToken &&
    (await useKnownDevice(db, hashToken(attempt.deviceToken), attempt.userId));
  const limits = guardLimits(config);
  const counts = await countRecentFailureSources(
    db,
    attempt.email,
    attempt.ip,
    new Date(Date.now() - limits.windowMs),
  );
  const verdict = signInVerdict(counts, knownDevice, limits);
  if (verdict.blocked) {
    const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
    throw new AppError(
      'rate_limited',
      verdict.reason === 'source'
        ? `Too many failed sign-in attempts for this e-mail from here. Try again in ${minutes} minutes, or from a browser you have signed in with before.`
        : `Too many failed sign-in attempts from this network. Try again in ${minutes} minutes.`,
      { meta: { retryAfterMinutes: minutes, retryAfterSeconds: verdict.retryAfterSeconds } },
    );
  }
  if (verdict.delayMs) await sleep(verdict.delayMs);
  return { knownDevice };
}

/** Records a failed attempt, and e-mails the account's holder once when a burst begins. */
export async function recordFailedSignIn(
  db: Db,
  config: Config,
  attempt: { email: string; ip: string | null; account: { email: string; name: string } | null },
) {
  await insertLoginAttempt(db, attempt.email, false, attempt.ip);
  if (!attempt.account) return;
  const limits = guardLimits(config);
  const since = new Date(Date.now() - limits.windowMs);
  const { email: failures } = await countRecentFailureSources(db, attempt.email, attempt.ip, since);
  if (!isBurst(failures, limits) || !(await claimLoginAlert(db, attempt.email, since))) return;
  const minutes = Math.round(limits.windowMs / 60_000);
  await enqueueEmail(db, {
    to: attempt.account.email,
    subject: 'Failed sign-in attempts on your GrantBridge account',
    text:
      `Hello ${attempt.account.name},\n\n` +
      `Someone has tried and failed to sign in to your GrantBridge account ${failures} times in the last ${minutes} minutes.\n\n` +
      'If it was you, you can keep signing in as usual from a browser you have used with GrantBridge before.\n' +
      'If it was not, your account is safe: the attempts are slowed down and their sources locked out. ' +
      'Consider changing your password in Settings, which also signs out every other session.\n\n' +
      'GrantBridge',
  });
}

/** After a successful sign-in: a device token for the browser, unless it already has one of this person's. */
export async function rememberDevice(
  db: Db,
  userId: string,
  knownDevice: boolean,
): Promise<string | null> {
  if (knownDevice) return null;
  const token = newToken();
  await insertKnownDevice(db, hashToken(token), userId);
  return token;
}
