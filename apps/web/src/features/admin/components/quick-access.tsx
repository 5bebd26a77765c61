// Quick Access: the office's everyday starting points, the review queue first
// with how many wait in it.
import { Link } from 'react-router';
import { ClipboardCheck, Download, Search, UserPlus, type LucideIcon } from 'lucide-react';
import { paths } from '../../../config/paths';
import { formatInteger } from '../../../lib/format';
import { Panel } from './panel';

type Item = { label: string; detail: string; Icon: LucideIcon; count?: number } & (
  { to: string } | { href: string }
);

function waitingDetail(waiting: number | undefined): string {
  if (waiting === undefined) return 'Applications waiting for internal review';
  if (waiting === 0) return 'Nothing waiting for internal review';
  return `${formatInteger(waiting)} ${waiting === 1 ? 'application waits' : 'applications wait'} for internal review`;
}

export function QuickAccess({
  exportHref,
  department,
  reviewWaiting,
}: {
  exportHref: string;
  department?: string;
  /** How many applications wait in the review queue (the whole institution's), once known. */
  reviewWaiting?: number;
}) {
  const items: Item[] = [
    {
      label: 'Review queue',
      detail: waitingDetail(reviewWaiting),
      Icon: ClipboardCheck,
      to: paths.admin.review,
      count: reviewWaiting,
    },
    {
      label: 'Invite a researcher',
      detail: 'Send an invitation by e-mail',
      Icon: UserPlus,
      to: `${paths.admin.manage}?invite=1`,
    },
    {
      label: 'Search grants',
      detail: 'Find opportunities for your researchers',
      Icon: Search,
      to: paths.admin.search,
    },
    {
      label: 'Export applications',
      // The export's `all` picks every application live during the period, in the department if one is chosen.
      detail: department
        ? `Applications of the period in ${department}, as CSV`
        : 'Applications of the period, as CSV',
      Icon: Download,
      href: exportHref,
    },
  ];
  return (
    <Panel title="Quick Access">
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {items.map((item) => {
          const body = (
            <>
              <item.Icon className="size-5 shrink-0 text-brand-800" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">{item.label}</span>
                <span className="block text-xs text-slate-700">{item.detail}</span>
              </span>
              {/* The detail says the number in words; this is for the eye. */}
              {item.count ? (
                <span
                  className="min-w-7 shrink-0 rounded-full bg-brand-800 px-2 text-center text-sm leading-6 font-semibold text-white"
                  aria-hidden="true"
                >
                  {formatInteger(item.count)}
                </span>
              ) : null}
            </>
          );
          const className =
            'flex items-center gap-3 rounded-xl border border-slate-200 p-3 transition-colors hover:border-brand-300 hover:bg-brand-50/40';
          return (
            <li key={item.label}>
              {'to' in item ? (
                <Link to={item.to} className={className}>
                  {body}
                </Link>
              ) : (
                <a href={item.href} download className={className}>
                  {body}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
