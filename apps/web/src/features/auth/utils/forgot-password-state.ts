// The e-mail typed on Sign in goes on to "Forgot password?" in the link's
// history state, not in its URL: a URL reaches the server's logs (on a reload)
// and the browser's history.

export type ForgotPasswordState = { email: string };

/** The state the "Forgot password?" link carries: what is in the e-mail field, trimmed. */
export function forgotPasswordState(email: string | undefined): ForgotPasswordState {
  return { email: (email ?? '').trim() };
}

/** The e-mail to pre-fill on Forgot password, from whatever history state the page was opened with. */
export function emailFromState(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  const { email } = state;
  // The form checks the address; this only keeps out what is not a plausible one.
  return typeof email === 'string' && email.trim().length <= 254 ? email.trim() : '';
}
