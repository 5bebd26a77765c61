// Account pages reached from e-mails and the sign-in form; loaded on demand.
import { paths } from '../../config/paths';
import { UnsubscribePage as UnsubscribeView } from '../../features/notifications/components/unsubscribe-page';

export { AcceptInvitePage } from '../../features/auth/components/accept-invite-page';
export { ForgotPasswordPage, ResetPasswordPage } from '../../features/auth/components/password-reset-pages';

/** An alert e-mail's unsubscribe link (no sign-in needed). */
export function UnsubscribePage() {
  return <UnsubscribeView loginPath={paths.login} />;
}
