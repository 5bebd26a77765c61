import { describe, expect, it } from 'vitest';
import { errorCodes } from './errors';
import { codeForStatus, statusByCode } from './problem-codes';

describe('the status of each error code', () => {
  it('gives every error code a status', () => {
    expect(Object.keys(statusByCode).sort()).toEqual([...errorCodes].sort());
  });

  it.each([
    [400, 'validation_failed'],
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [413, 'payload_too_large'],
    [429, 'rate_limited'],
    [500, 'internal'],
    [410, 'gone'],
    [502, 'upstream_unavailable'],
    [504, 'internal'],
    [418, 'internal'],
  ] as const)('reads a bare %i as the general code %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });
});
