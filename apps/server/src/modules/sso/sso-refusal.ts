// How a campus sign-in is refused (issue 28, decision 057): the code the
// sign-in page shows and, apart from it, the reason the log keeps.
import { AppError } from '../../errors';

/** A refused sign-in: the code the sign-in page shows, and the reason the log keeps. */
export class SsoRefusal extends AppError {
  constructor(
    code:
      | 'sso_failed'
      | 'sso_not_configured'
      | 'account_deactivated'
      | 'email_outside_institution'
      | 'upstream_unavailable',
    detail: string,
    readonly reason: string,
  ) {
    super(code, detail, { meta: { reason } });
  }
}

export const refuse = (
  reason: string,
  detail = 'Your campus sign-in could not be completed. Try again, or ask your research office.',
) => new SsoRefusal('sso_failed', detail, reason);

export const notConfigured = () =>
  new SsoRefusal(
    'sso_not_configured',
    'This institution does not sign in with single sign-on here. Use your password.',
    'not_configured',
  );
