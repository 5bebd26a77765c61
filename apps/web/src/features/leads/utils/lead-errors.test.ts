// What a lead form shows when sending fails: server field errors under their
// fields (focus on the first), the rate-limit message, or the failure toast.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiError } from '../../../lib/api-client';
import { leadFailureMessage, leadRateLimitedMessage, showLeadError } from './lead-errors';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn() } }));

type Values = { firstName: string; email: string; website: string };
const fields = ['firstName', 'email', 'website'] as const;
const toastOptions = { duration: 5000, position: 'bottom-center' } as const;

const validation = (errors: { path: string; message: string }[], detail = 'Check the form') =>
  new ApiError({ status: 400, code: 'validation_failed', detail, errors });

let setError: Mock<UseFormSetError<Values>>;

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  setError = vi.fn<UseFormSetError<Values>>();
});

const show = (error: unknown, options: { toastOptions?: typeof toastOptions } = {}) =>
  showLeadError<Values>(error, { setError, fields, ...options });

describe('lead form errors', () => {
  it('puts the server’s field errors under their fields, focusing the first, with no toast', () => {
    show(
      validation([
        { path: 'email', message: 'Enter a valid email address' },
        { path: 'firstName', message: 'First name is required' },
      ]),
    );
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Enter a valid email address' }, { shouldFocus: true }],
      ['firstName', { type: 'server', message: 'First name is required' }, { shouldFocus: false }],
    ]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('skips errors for fields the form does not have, and toasts the detail when none is left', () => {
    show(
      validation([
        { path: 'phone', message: 'Phone is required' },
        { path: 'email', message: 'Enter a valid email address' },
      ]),
    );
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError.mock.calls[0]![2]).toEqual({ shouldFocus: true });

    setError.mockClear();
    show(
      validation([{ path: 'phone', message: 'Phone is required' }], 'The request was not valid'),
      {
        toastOptions,
      },
    );
    expect(setError).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('The request was not valid', toastOptions);
  });

  it('falls back to the failure message when a validation error has no detail', () => {
    show(validation([], ''));
    expect(toast.error).toHaveBeenCalledWith(leadFailureMessage, undefined);
  });

  it('asks to wait a minute when rate limited', () => {
    show(new ApiError({ status: 429, code: 'rate_limited' }), { toastOptions });
    expect(toast.error).toHaveBeenCalledWith(leadRateLimitedMessage, toastOptions);
    expect(setError).not.toHaveBeenCalled();
  });

  it('logs and toasts anything else', () => {
    // These two lines are expected: take them from the console guard for this test only.
    const logged: unknown[][] = [];
    const guard = vi.mocked(console.error).getMockImplementation();
    vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(args));
    const failures = [
      new ApiError({ status: 500, code: 'internal' }),
      new TypeError('Failed to fetch'),
    ];
    try {
      for (const error of failures) show(error);
    } finally {
      vi.mocked(console.error).mockImplementation(guard!);
    }
    expect(logged).toEqual(failures.map((error) => ['Lead form submission failed', error]));
    expect(vi.mocked(toast.error).mock.calls).toEqual([
      [leadFailureMessage, undefined],
      [leadFailureMessage, undefined],
    ]);
  });
});
