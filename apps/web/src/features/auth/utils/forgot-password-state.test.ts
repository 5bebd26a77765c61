// "Forgot password?" carries the e-mail typed on Sign in (issue 30).
import { describe, expect, it } from 'vitest';
import { emailFromState, forgotPasswordState } from './forgot-password-state';

describe('forgot password state', () => {
  it('carries the typed e-mail, trimmed, to the Forgot password page', () => {
    expect(emailFromState(forgotPasswordState('  ada@example.edu '))).toBe('ada@example.edu');
  });

  it('carries nothing when nothing was typed', () => {
    expect(emailFromState(forgotPasswordState(undefined))).toBe('');
    expect(emailFromState(forgotPasswordState(''))).toBe('');
  });

  it('pre-fills nothing from a missing or foreign history state', () => {
    expect(emailFromState(null)).toBe('');
    expect(emailFromState(undefined)).toBe('');
    expect(emailFromState('ada@example.edu')).toBe('');
    expect(emailFromState({ email: 42 })).toBe('');
    expect(emailFromState({ other: 'ada@example.edu' })).toBe('');
    expect(emailFromState({ email: `${'a'.repeat(250)}@example.edu` })).toBe('');
  });
});
