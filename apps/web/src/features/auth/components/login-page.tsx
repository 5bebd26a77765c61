import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { Role } from '@grantbridge/contract/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMe } from '../hooks/use-me';
import { pathAfterLogin } from '../utils/next-path';
import { LoginForm } from './login-form';
import { RoleChooser } from './role-chooser';

export function LoginPage() {
  const [role, setRole] = useState<Role | null>(null);
  // Set when this page signs the user in: the form then decides where to go.
  const [signedInHere, setSignedInHere] = useState(false);
  const [searchParams] = useSearchParams();
  const me = useMe();
  useDocumentTitle(role ? 'Sign in' : 'Sign in: choose your role');

  if (me.data && !signedInHere) {
    return <Navigate to={pathAfterLogin(searchParams.get('next'), me.data.role)} replace />;
  }

  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        {/* The chooser shows while the session is being checked, so nothing jumps;
            a signed-in visitor is sent on as soon as the answer comes. */}
        {role ? (
          <LoginForm role={role} onChangeRole={setRole} onSignedIn={() => setSignedInHere(true)} />
        ) : (
          <RoleChooser onChoose={setRole} />
        )}
      </div>
    </div>
  );
}
