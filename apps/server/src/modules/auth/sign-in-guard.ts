// Keeps password guessing slow without handing strangers the power to lock a
// person out (docs/decisions/026-sign-in-lock-out.md). Failures are counted per
// e-mail and address pair, per address, and per e-mail; only the failing
// source is locked, the e-mail as a whole is only slowed, and a browser the
// person has signed in with before is neither. Pure, pinned by its tests.

export type FailureCounts = {
  /** Failed attempts for this e-mail from this address, in the window. */
  pair: number;
  /** Failed attempts from this address, any e-mail. */
  address: number;
  /** Failed attempts for this e-mail, from anywhere. */
  email: number;
};

export type GuardLimits = {
  pairMax: number;
  addressMax: number;
  slowAfter: number;
  windowMs: number;
};

export type Verdict =
  | { blocked: false; delayMs: number }
  | { blocked: true; reason: 'source' | 'address'; retryAfterSeconds: number };

/** The longest a sign-in is held back when an e-mail is under attack. */
export const maxDelayMs = 4000;

export function signInVerdict(
  counts: FailureCounts,
  knownDevice: boolean,
  limits: GuardLimits,
): Verdict {
  if (knownDevice) return { blocked: false, delayMs: 0 };
  const retryAfterSeconds = Math.ceil(limits.windowMs / 1000);
  if (counts.pair >= limits.pairMax) return { blocked: true, reason: 'source', retryAfterSeconds };
  if (counts.address >= limits.addressMax)
    return { blocked: true, reason: 'address', retryAfterSeconds };
  if (counts.email < limits.slowAfter) return { blocked: false, delayMs: 0 };
  // 500 ms at the threshold, doubling every ten failures more, up to 4 s.
  const doublings = Math.floor((counts.email - limits.slowAfter) / 10);
  return { blocked: false, delayMs: Math.min(500 * 2 ** doublings, maxDelayMs) };
}

/** Whether this failure is the one that makes a burst worth telling the person about. */
export function isBurst(
  emailFailuresIncludingThis: number,
  limits: Pick<GuardLimits, 'slowAfter'>,
) {
  return emailFailuresIncludingThis >= limits.slowAfter;
}
