// One error type with a stable code; one table maps codes to HTTP statuses.
import type { ErrorCode } from '@grantbridge/contract/errors';

export const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  invalid_credentials: 401,
  unauthenticated: 401,
  institution_not_onboarded: 403,
  role_mismatch: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
};

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
  rate_limited: 'Too many requests',
  internal: 'Internal server error',
};

export type FieldError = { path: string; message: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldError[];
  readonly meta?: Record<string, unknown>;
  readonly status: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldError[]; meta?: Record<string, unknown>; status?: number } = {},
  ) {
    super(message);
    this.code = code;
    this.errors = options.errors;
    this.meta = options.meta;
    this.status = options.status ?? statusByCode[code];
  }
}
