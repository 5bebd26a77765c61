// Each error code's HTTP status, written once: the server answers with it,
// and the web reads a bare status (a response without a problem body) back
// as a code. Free of zod, so the web's entry bundle can import it.
import type { ErrorCode } from './errors';

/**
 * Where several codes share a status, the general one comes first: it is the
 * code a response with that status and no problem body stands for.
 */
export const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  email_outside_institution: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  sso_failed: 401,
  forbidden: 403,
  institution_not_onboarded: 403,
  role_mismatch: 403,
  account_deactivated: 403,
  password_sign_in_disabled: 403,
  not_found: 404,
  sso_not_configured: 404,
  conflict: 409,
  idempotency_in_progress: 409,
  already_registered: 409,
  invalid_transition: 409,
  limit_reached: 409,
  gone: 410,
  invitation_expired: 410,
  invitation_used: 410,
  invitation_revoked: 410,
  token_expired: 410,
  token_used: 410,
  payload_too_large: 413,
  unsupported_file_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal: 500,
  upstream_unavailable: 502,
  unavailable: 503,
  service_unavailable: 503,
};

/** The code of a failed response that carries no problem body; any other status is `internal`. */
export function codeForStatus(status: number): ErrorCode {
  for (const [code, codeStatus] of Object.entries(statusByCode)) {
    if (codeStatus === status) return code as ErrorCode;
  }
  return 'internal';
}
