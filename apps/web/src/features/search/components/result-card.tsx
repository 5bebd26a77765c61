import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { CalendarDays, DollarSign, Landmark } from 'lucide-react';
import clsx from 'clsx';
import type { SearchResult } from '@grantbridge/contract/grants';
import { GrantStatusChip } from '../../../components/grant-status-chip';
import { formatMoney, formatDate } from '../../../lib/format';
import type { ResultsBackState } from '../hooks/use-results-scroll';
import { LimitedLine } from '../../../components/limited-line';

function scoreClasses(score: number) {
  if (score >= 70) return 'bg-emerald-700 text-white';
  if (score >= 40) return 'bg-brand-800 text-white';
  return 'bg-slate-600 text-white';
}

/** One search result; the whole card opens the grant. */
export function ResultCard({
  result,
  href,
  onOpen,
}: {
  result: SearchResult;
  href: string;
  /** Called as the grant opens, to remember where the results were. */
  onOpen: (grantId: string) => void;
}) {
  const { grant, score, reasons, otherVersions, otherVersionsEarlier, cycle } = result;
  const reasonsId = useId();
  // The grant page's back link returns to this very search (filters, page and all).
  const location = useLocation();
  const backTo: ResultsBackState['backTo'] = `${location.pathname}${location.search}`;
  return (
    <article className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-300">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold leading-snug text-slate-900">
            <Link
              to={href}
              state={{ backTo } satisfies ResultsBackState}
              data-grant-id={grant.id}
              onClick={() => onOpen(grant.id)}
              className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-brand-800 focus:outline-none"
            >
              {grant.title}
            </Link>
          </h3>
          <p className="mt-1 text-xs text-slate-700">
            {grant.opportunityNumber}
            {otherVersions > 0
              ? ` · ${otherVersions} ${otherVersionsEarlier ? 'earlier' : 'other'} version${otherVersions === 1 ? '' : 's'}`
              : null}
          </p>
          {cycle ? (
            <p className="mt-1 inline-block rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-200">
              Closed now · {cycle}
            </p>
          ) : null}
          {result.limitedSubmission ? <LimitedLine line={result.limitedSubmission} className="mt-2 text-xs" /> : null}
        </div>
        {/* No badge for a 0: a grant that matches nothing of the search is not shown as a "match" (issue 30). */}
        {score > 0 ? (
          <span
            className={clsx(
              'inline-flex shrink-0 flex-col items-center rounded-lg px-2.5 py-1 text-center',
              scoreClasses(score),
            )}
          >
            <span aria-hidden="true" className="text-lg font-bold leading-none">
              {score}
            </span>
            <span aria-hidden="true" className="text-[0.625rem] uppercase tracking-wide">
              match
            </span>
            <span className="sr-only">Match score {score} of 100</span>
          </span>
        ) : null}
      </div>
      <dl className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-slate-700">
        <div className="flex items-center gap-1.5">
          <dt>
            <Landmark className="size-4 text-slate-600" aria-hidden="true" />
            <span className="sr-only">Agency</span>
          </dt>
          <dd>{grant.agency ?? grant.agencyCode ?? 'Agency not stated'}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <DollarSign className="size-4 text-slate-600" aria-hidden="true" />
            <span className="sr-only">Award ceiling</span>
          </dt>
          <dd>
            {grant.awardCeiling ? `Up to ${formatMoney(grant.awardCeiling)}` : 'Amount not stated'}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <CalendarDays className="size-4 text-slate-600" aria-hidden="true" />
            <span className="sr-only">Due</span>
          </dt>
          <dd>{grant.closeDate ? formatDate(grant.closeDate) : 'No due date'}</dd>
        </div>
        <div>
          <dt className="sr-only">Status</dt>
          <dd>
            <GrantStatusChip status={grant.status} />
          </dd>
        </div>
      </dl>
      {reasons.length ? (
        <>
          {/* A 0 is no match (a search of filters alone): its reasons say why it is listed. */}
          <h4 id={reasonsId} className="sr-only">
            {score > 0 ? 'Why it matched' : 'Why it is listed'}
          </h4>
          <ul aria-labelledby={reasonsId} className="mt-3 space-y-1 text-sm text-slate-800">
            {reasons.slice(0, 4).map((reason) => (
              <li key={reason} className="flex gap-2">
                <span
                  aria-hidden="true"
                  className="mt-2 size-1.5 shrink-0 rounded-full bg-emerald-600"
                />
                {reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}
