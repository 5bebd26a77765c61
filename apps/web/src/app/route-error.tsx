import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { Button, buttonClasses } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

/** Last-resort page when a route fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? 'Page not found' : 'Something went wrong');
  if (!notFound) console.error('Route error', error);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
      <h1 className="text-3xl font-bold text-slate-900">
        {notFound ? 'Page not found' : 'Something went wrong'}
      </h1>
      <p className="max-w-md text-slate-700">
        {notFound
          ? 'The page you were looking for doesn’t exist.'
          : 'This page could not be shown. Reloading usually fixes it, especially right after an update.'}
      </p>
      <div className="flex gap-3">
        {notFound ? null : <Button onClick={() => window.location.reload()}>Reload</Button>}
        <Link to={paths.home} className={buttonClasses('secondary')}>
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
