// A used, expired or unknown reset link replaces the form; other failures keep it (issue 30).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { resetLinkProblem } from './reset-link-problem';

describe('resetLinkProblem', () => {
  it.each([
    [410, 'token_used'],
    [410, 'token_expired'],
    [404, 'not_found'],
  ] as const)('a %i %s is a problem of the link', (status, code) => {
    expect(resetLinkProblem(new ApiError({ status, code }))).toBe(code);
  });

  it('a token the schema refuses is a link that is not valid', () => {
    const error = new ApiError({
      status: 400,
      code: 'validation_failed',
      errors: [{ path: 'token', message: 'Too big' }],
    });
    expect(resetLinkProblem(error)).toBe('not_found');
  });

  it('a refused password, a rate limit or a network failure is not', () => {
    const weak = new ApiError({
      status: 400,
      code: 'validation_failed',
      errors: [{ path: 'password', message: 'Too easy to guess' }],
    });
    expect(resetLinkProblem(weak)).toBeNull();
    expect(resetLinkProblem(new ApiError({ status: 429, code: 'rate_limited' }))).toBeNull();
    expect(resetLinkProblem(new TypeError('Failed to fetch'))).toBeNull();
  });
});
