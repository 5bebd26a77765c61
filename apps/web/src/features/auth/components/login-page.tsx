import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { Role } from '@grantbridge/contract/auth';
import { LoadingState } from '../../../components/ui/loading-state';
import { runWhenIdle } from '../../../lib/run-when-idle';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMe } from '../hooks/use-me';
import { pathAfterLogin } from '../utils/next-path';
import { RoleChooser } from './role-chooser';
import { SsoError } from './sso-error';

// The sign-in form and its validation (react-hook-form, zod) are not needed
// to choose a role: they load once the chooser is up and the page is idle.
const loadLoginForm = () => import('./login-form');
const LoginForm = lazy(() => loadLoginForm().then((module) => ({ default: module.LoginForm })));

export function LoginPage() {
  const [role, setRole] = useState<Role | null>(null);
  // Set when this page signs the user in: the form then decides where to go.
  const [signedInHere, setSignedInHere] = useState(false);
  const [searchParams] = useSearchParams();
  const me = useMe();
  useDocumentTitle(role ? 'Sign in' : 'Sign in: choose your role');
  // A failed prefetch is not reported here: choosing a role loads the form again.
  useEffect(() => runWhenIdle(() => void loadLoginForm().catch(() => undefined)), []);

  if (me.data && !signedInHere) {
    return <Navigate to={pathAfterLogin(searchParams.get('next'), me.data.role, me.data.setupComplete)} replace />;
  }

  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <SsoError />
        {/* The chooser shows while the session is being checked, so nothing jumps;
            a signed-in visitor is sent on as soon as the answer comes. */}
        {role ? (
          <Suspense
            fallback={<LoadingState label="Loading the sign-in form…" className="min-h-96" />}
          >
            <LoginForm
              role={role}
              onChangeRole={setRole}
              onSignedIn={() => setSignedInHere(true)}
            />
          </Suspense>
        ) : (
          <RoleChooser onChoose={setRole} />
        )}
      </div>
    </div>
  );
}
