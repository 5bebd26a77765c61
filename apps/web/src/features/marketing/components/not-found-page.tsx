import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-800">Error 404</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        The page you were looking for doesn&rsquo;t exist or has moved.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to={paths.home} className={buttonClasses('primary', 'lg')}>
          Go to the home page
        </Link>
        <Link to={paths.contact} className={buttonClasses('secondary', 'lg')}>
          Contact us
        </Link>
      </div>
    </section>
  );
}
