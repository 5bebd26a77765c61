// Passwords are scored offline by zxcvbn-ts (its common-password, name and
// English word lists ship in the package) with the person's own name and
// address as words to avoid. A score below 3 of 4 ("safely unguessable")
// is refused with the estimator's own reason: "aaaaaaaaaa" and "password12"
// pass a length rule and fall to the first guesses of any attacker.
//
// The estimate runs in a worker thread (lib/worker-pool.ts): on long runs of
// digits it takes hundreds of milliseconds, which on the main thread every
// other user would wait for. Only the first 64 characters are scored; a
// password weak in its first 64 is weak, and one strong there is strong.
import { AppError } from '../errors';
import { workerModule } from './project-paths';
import { workerPool, WorkerLimitError } from './worker-pool';
import type { Strength, StrengthTask } from './password-strength.worker';

export const minimumScore = 3;
const scoredLength = 64;

/** An estimate takes at most this long (a few hundred ms at worst on a quiet machine)… */
const estimateDeadlineMs = 5_000;
/** …and one that also starts the thread and loads the word lists (after 30 s idle the pool ends its thread), this long. */
const coldEstimateDeadlineMs = 30_000;
/** Within this long of the last estimate, the thread is still there (worker-pool.ts: idleTimeout 30 s). */
const warmForMs = 25_000;
let lastEstimateAt = 0;

const estimator = workerPool<StrengthTask, Strength>(workerModule('password-strength', import.meta.url), {
  maxThreads: 1,
  memoryMb: 128,
});

/** Words of a person a password should not be built from. */
function userInputs(person: { email?: string | null; name?: string | null }): string[] {
  const words = [person.email ?? '', ...(person.email?.split(/[@.]/) ?? []), ...(person.name?.split(/\s+/) ?? [])];
  return [...new Set([...words, 'grantbridge'].map((w) => w.toLowerCase()).filter((w) => w.length >= 3))];
}

/** Refuses a guessable password with validation_failed on `field`, saying why. */
export async function assertStrongPassword(
  password: string,
  person: { email?: string | null; name?: string | null },
  field = 'password',
): Promise<void> {
  let strength: Strength;
  try {
    // A cold estimate also starts the thread and loads zxcvbn's word lists: seconds on a busy machine.
    const warm = Date.now() - lastEstimateAt < warmForMs;
    strength = await estimator.run(
      { password: password.slice(0, scoredLength), userInputs: userInputs(person) },
      warm ? estimateDeadlineMs : coldEstimateDeadlineMs,
    );
    lastEstimateAt = Date.now();
  } catch (error) {
    if (!(error instanceof WorkerLimitError)) throw error;
    throw new AppError('unavailable', 'Passwords cannot be checked just now. Try again in a minute.', {
      meta: { retryAfterSeconds: 30 },
    });
  }
  if (strength.score >= minimumScore) return;
  const reason = [strength.warning, ...strength.suggestions].filter(Boolean).join(' ');
  const message = `This password is too easy to guess.${reason ? ` ${reason}` : ''}`;
  throw new AppError('validation_failed', message, { errors: [{ path: field, message }] });
}
