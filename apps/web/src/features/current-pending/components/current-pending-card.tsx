// "Current and Pending Support" on the researcher's own profile (issue 29 §3,
// decision 062): the entries from the pipeline (awarded = current; with the
// sponsor = pending), what each lacks with a link to where it is entered, and
// the document to download as DOCX or PDF. Missing values are listed before
// the download; the files say "Not entered" where they go.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { supportRoleLabels, type MissingValue, type SupportEntry } from '@grantbridge/contract/current-pending';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { currentPendingHref, currentPendingKeys, getCurrentPending } from '../api/current-pending-api';

/** Where a missing value is entered: the team's effort or the award details on the application page. */
function fixLink(entry: SupportEntry, missing: MissingValue) {
  const page = paths.researcher.application(entry.applicationId);
  if (missing.field === 'role' || missing.field === 'personMonths') return `${page}#effort`;
  if (missing.field === 'amount') return page;
  return `${page}#award-details`;
}

function Entry({ entry }: { entry: SupportEntry }) {
  const months = entry.personMonths.filter((y) => y.personMonths !== null);
  return (
    <li className="rounded-xl border border-slate-200 p-4 text-sm">
      <Link to={paths.researcher.application(entry.applicationId)} className="font-medium text-brand-900 hover:underline">
        {entry.title}
      </Link>
      <p className="mt-1 text-slate-700">
        {[entry.sponsor, entry.role ? supportRoleLabels[entry.role] : null, formatMoney(entry.amount)].filter(Boolean).join(' · ')}
      </p>
      {months.length ? (
        <p className="text-slate-700">Person-months: {months.map((y) => `${y.year}: ${y.personMonths!.toFixed(2)}`).join(' · ')}</p>
      ) : null}
      {entry.missing.length ? (
        <div className="mt-2">
          <p className="font-medium text-amber-900">Missing:</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {entry.missing.map((m) => (
              <li key={m.label}>
                <Link to={fixLink(entry, m)} className="text-brand-900 underline hover:no-underline">
                  {m.label}
                  <span className="sr-only"> for {entry.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-2 text-emerald-800">Complete</p>
      )}
    </li>
  );
}

export function CurrentPendingCard() {
  const document = useQuery({ queryKey: currentPendingKeys.mine, queryFn: ({ signal }) => getCurrentPending(signal) });
  const entries = document.data?.entries ?? [];
  const missing = entries.reduce((n, e) => n + e.missing.length, 0);
  const groups = [
    { title: 'Current', entries: entries.filter((e) => e.kind === 'current') },
    { title: 'Pending', entries: entries.filter((e) => e.kind === 'pending') },
  ];
  return (
    <Card className="mx-auto max-w-5xl p-6" role="region" aria-labelledby="current-pending-title">
      <h2 id="current-pending-title" className="text-lg font-semibold text-slate-900">
        Current and Pending Support
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        From your pipeline: awarded applications are current support; those with the sponsor are pending. Roles and
        person-months are entered on each application&rsquo;s team.
      </p>
      {document.isPending ? <p className="mt-3 text-sm text-slate-700">Loading…</p> : null}
      {document.isError ? <LoadFailed className="mt-3" what="Current and Pending Support" onRetry={() => void document.refetch()} /> : null}
      {document.data ? (
        <>
          {entries.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">No awarded or pending applications yet.</p>
          ) : (
            groups.map((group) =>
              group.entries.length ? (
                <section key={group.title} className="mt-4" aria-labelledby={`cps-${group.title}`}>
                  <h3 id={`cps-${group.title}`} className="text-base font-semibold text-slate-900">
                    {group.title} ({group.entries.length})
                  </h3>
                  <ul className="mt-2 space-y-3">
                    {group.entries.map((entry) => (
                      <Entry key={entry.applicationId} entry={entry} />
                    ))}
                  </ul>
                </section>
              ) : null,
            )
          )}
          <p className="mt-4 text-sm text-slate-800" role="status">
            {missing
              ? `${missing} ${missing === 1 ? 'value is' : 'values are'} missing. You can download now; the document says “Not entered” where ${missing === 1 ? 'it goes' : 'they go'}.`
              : 'Nothing is missing.'}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a className={buttonClasses('secondary', 'sm')} href={currentPendingHref('docx')} download>
              <Download className="size-4" aria-hidden="true" />
              Download DOCX
            </a>
            <a className={buttonClasses('secondary', 'sm')} href={currentPendingHref('pdf')} download>
              <Download className="size-4" aria-hidden="true" />
              Download PDF
            </a>
          </div>
        </>
      ) : null}
    </Card>
  );
}
