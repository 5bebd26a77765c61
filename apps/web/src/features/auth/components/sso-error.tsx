// What a campus sign-in that came back refused (`?sso_error=<code>`) tells the person.
import { useSearchParams } from 'react-router';

const messages: Record<string, string> = {
  account_deactivated:
    "This account has been deactivated. Ask your institution's research office to restore it.",
  email_outside_institution:
    "Your campus sign-in vouched for an e-mail address of another institution. Sign in with your own institution's account.",
  sso_not_configured:
    'Your institution does not sign in with single sign-on here. Sign in with your password.',
  upstream_unavailable: "Your institution's sign-in service did not answer. Try again in a moment.",
};
const fallback =
  'Your campus sign-in could not be completed. Try again; if it keeps failing, your research office can invite you or check the sign-in settings.';

export function SsoError() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('sso_error');
  if (!code) return null;
  return (
    <div
      role="alert"
      className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <p>{messages[code] ?? fallback}</p>
    </div>
  );
}
