// One error vocabulary for the whole product: the server throws these codes,
// the web client reads them back from problem+json bodies.
import { z } from 'zod';

export const errorCodes = [
  'validation_failed',
  'invalid_credentials',
  'institution_not_onboarded',
  'role_mismatch',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'internal',
  'unavailable',
  'service_unavailable',
  'email_outside_institution',
  'account_deactivated',
  'already_registered',
  'gone',
  'invitation_expired',
  'invitation_used',
  'invitation_revoked',
  'token_expired',
  'token_used',
  'upstream_unavailable',
  'invalid_transition',
  'unsupported_file_type',
  'sso_failed',
  'sso_not_configured',
  'password_sign_in_disabled',
  'limit_reached',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** One field's problem: its dotted path in the request, and what to fix. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: errorCodeSchema,
  detail: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /** Extra machine-readable facts, e.g. the role to choose on role_mismatch. */
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
