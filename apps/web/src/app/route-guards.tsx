// Route guards of the signed-in areas. The server enforces the same rules on
// every API call; these only keep people on pages they can use.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { User } from '@grantbridge/contract/auth';
import { loginPath, roleHomePath, type AreaRole } from '../config/paths';
import { Button } from '../components/ui/button';
import { useMe } from '../features/auth/hooks/use-me';
import { AppLoading } from './app-loading';

type AreaGuardProps = { area: AreaRole; children: (user: User) => ReactNode };

export function AreaGuard({ area, children }: AreaGuardProps) {
  const me = useMe();
  const location = useLocation();

  if (me.isPending) return <AppLoading label="Checking your session…" />;
  if (me.isError) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">
          We couldn&rsquo;t reach GrantBridge
        </h1>
        <p className="text-slate-700">Check your connection and try again.</p>
        <Button onClick={() => void me.refetch()}>Try again</Button>
      </main>
    );
  }
  if (!me.data) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  }
  if (me.data.role !== area) return <Navigate to={roleHomePath(me.data.role)} replace />;
  return <>{children(me.data)}</>;
}
