import { Link } from 'react-router';
import { Building2, CalendarClock, Mail } from 'lucide-react';
import { paths } from '../../../config/paths';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function NoAccountPage() {
  useDocumentTitle('Your institution is not on GrantBridge yet');
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-800">
        <Building2 className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Your school doesn&rsquo;t have a GrantBridge account yet
      </h1>
      <p className="mt-4 text-lg leading-8 text-slate-700">
        GrantBridge is set up for each institution by its research office. Yours isn&rsquo;t on
        board yet, but we would be glad to change that. Schedule a short call and we will show your
        team how it works, or send us a note.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to={paths.requestDemo} className={buttonClasses('primary', 'lg')}>
          <CalendarClock className="size-5" aria-hidden="true" />
          Schedule a Call
        </Link>
        <Link to={paths.contact} className={buttonClasses('secondary', 'lg')}>
          <Mail className="size-5" aria-hidden="true" />
          Email Us
        </Link>
      </div>
    </section>
  );
}
