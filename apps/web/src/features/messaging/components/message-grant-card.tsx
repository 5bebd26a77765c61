// A grant shared in a message: its title, agency and close date, linking to
// the grant's page.
import { Link } from 'react-router';
import clsx from 'clsx';
import { Landmark } from 'lucide-react';
import type { MessageGrant } from '@grantbridge/contract/messaging';
import { formatDate } from '../../../lib/format';

export function MessageGrantCard({
  grant,
  grantPath,
  mine,
}: {
  grant: MessageGrant;
  grantPath: (id: string) => string;
  mine: boolean;
}) {
  return (
    <Link
      to={grantPath(grant.id)}
      className={clsx(
        'mt-1 block w-72 max-w-full rounded-xl border bg-white p-3 text-left shadow-sm hover:border-brand-400 hover:bg-brand-50',
        mine ? 'border-brand-200' : 'border-slate-200',
      )}
    >
      <span className="block text-xs font-semibold tracking-wide text-brand-800 uppercase">Grant</span>
      <span className="mt-0.5 block font-semibold leading-snug text-slate-900 wrap-anywhere">{grant.title}</span>
      <span className="mt-1 flex items-center gap-1.5 text-xs text-slate-700">
        <Landmark className="size-3.5 shrink-0" aria-hidden="true" />
        {grant.agency ?? 'Agency not stated'}
      </span>
      <span className="mt-0.5 block text-xs text-slate-700">
        {grant.closeDate ? `Closes ${formatDate(grant.closeDate)}` : 'No closing date stated'}
      </span>
    </Link>
  );
}
