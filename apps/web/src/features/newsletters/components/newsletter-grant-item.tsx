// One grant as a newsletter lists it: its title (a link, when it has one),
// agency, close date and amount.
import type { ReactNode } from 'react';
import type { NewsletterGrant } from '@grantbridge/contract/newsletters';
import { formatDate, formatMoney } from '../../../lib/format';

export function amountText(grant: Pick<NewsletterGrant, 'awardCeiling' | 'awardFloor'>): string | null {
  const { awardCeiling: ceiling, awardFloor: floor } = grant;
  if (ceiling && floor && floor < ceiling) return `${formatMoney(floor)} to ${formatMoney(ceiling)}`;
  if (ceiling) return `Up to ${formatMoney(ceiling)}`;
  if (floor) return `From ${formatMoney(floor)}`;
  return null;
}

export function NewsletterGrantItem({ grant, title, children }: { grant: NewsletterGrant; title?: ReactNode; children?: ReactNode }) {
  const facts = [
    grant.agency,
    grant.closeDate ? `Closes ${formatDate(grant.closeDate)}` : 'No close date given',
    amountText(grant),
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-1 border-b border-slate-200 py-3 last:border-b-0 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">{title ?? grant.title}</p>
        <p className="text-sm text-slate-700">{facts.join(' · ')}</p>
        {grant.fromSearch ? <p className="text-xs text-slate-700">From the saved search “{grant.fromSearch}”</p> : null}
      </div>
      {children}
    </li>
  );
}
