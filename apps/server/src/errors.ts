// One error type with a stable code; the contract's one table maps codes to
// HTTP statuses (packages/contract/src/problem-codes.ts).
import type { ErrorCode, FieldError } from '@grantbridge/contract/errors';
import { statusByCode } from '@grantbridge/contract/problem-codes';

/** The `title` of each code's problem+json answer. */
export const titleByCode: Record<ErrorCode, string> = {
  validation_failed: 'Validation failed',
  invalid_credentials: 'Invalid credentials',
  unauthenticated: 'Not signed in',
  institution_not_onboarded: 'Institution not onboarded',
  role_mismatch: 'Wrong role for this account',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  conflict: 'Conflict',
  payload_too_large: 'Payload too large',
  idempotency_key_reused: 'Idempotency key used for another request',
  idempotency_in_progress: 'The same request is still being handled',
  rate_limited: 'Too many requests',
  internal: 'Internal server error',
  unavailable: 'Service unavailable',
  service_unavailable: 'Service unavailable: try again shortly',
  email_outside_institution: "Address outside the institution's domains",
  account_deactivated: 'Account deactivated',
  already_registered: 'Already registered',
  gone: 'Gone',
  invitation_expired: 'Invitation expired',
  invitation_used: 'Invitation already used',
  invitation_revoked: 'Invitation withdrawn',
  token_expired: 'Link expired',
  token_used: 'Link already used',
  upstream_unavailable: 'A service we depend on did not answer',
  invalid_transition: 'Not a next step from this stage',
  unsupported_file_type: 'Unsupported file type',
  sso_failed: 'Single sign-on refused',
  sso_not_configured: 'Single sign-on not set up',
  password_sign_in_disabled: 'Password sign-in is off for this institution',
  limit_reached: 'No place left under the limit',
};

/** What a problem answer may carry besides its code and detail. */
export type ProblemExtras = { errors?: FieldError[]; meta?: Record<string, unknown>; status?: number };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldError[];
  readonly meta?: Record<string, unknown>;
  readonly status: number;

  constructor(code: ErrorCode, message: string, options: ProblemExtras = {}) {
    super(message);
    this.code = code;
    this.errors = options.errors;
    this.meta = options.meta;
    this.status = options.status ?? statusByCode[code];
  }
}
