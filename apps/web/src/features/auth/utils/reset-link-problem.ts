// Which answers to "set a new password" mean the e-mailed link itself cannot
// be used: the page then says so in place of the form (issue 30).
import type { ErrorCode } from '@grantbridge/contract/errors';
import { isApiError } from '../../../lib/api-client';

export const resetLinkProblems = [
  'token_used',
  'token_expired',
  'not_found',
] as const satisfies readonly ErrorCode[];
export type ResetLinkProblem = (typeof resetLinkProblems)[number];

function isResetLinkProblem(code: string): code is ResetLinkProblem {
  return (resetLinkProblems as readonly string[]).includes(code);
}

/** The link's problem, or null when the error is about something else (a weak password, the network). */
export function resetLinkProblem(error: unknown): ResetLinkProblem | null {
  if (!isApiError(error)) return null;
  if (isResetLinkProblem(error.code)) return error.code;
  // A token cut short or padded out by a mail program fails the schema before it is looked up.
  if (error.code === 'validation_failed' && error.errors.some((item) => item.path === 'token')) {
    return 'not_found';
  }
  return null;
}
