// Account pages reached from e-mails and the sign-in form; loaded on demand.
export { AcceptInvitePage } from '../../features/auth/components/accept-invite-page';
export { ForgotPasswordPage, ResetPasswordPage } from '../../features/auth/components/password-reset-pages';
