// The Catalogue card: when the grant catalogue was last refreshed from
// Grants.gov's daily extract, what that run read, when the next one is, the
// last error if the latest runs failed, and the catalogue by status.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { AdminCatalogue, CatalogueRefresh } from '@grantbridge/contract/catalogue';
import { grantStatusLabel } from '../../../components/grant-status-chip';
import { LoadFailed } from '../../../components/ui/load-failed';
import { formatDateTime, formatInteger, formatRelativeTime } from '../../../lib/format';
import { catalogueQuery } from '../api/admin-api';
import { LoadingState, Panel } from './panel';

const statuses = ['posted', 'forecasted', 'closed', 'archived'] as const;

function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function Fact({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs font-medium text-slate-700">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** How long until a time to come: "in 40 min", "in 8 h". */
function formatTimeUntil(iso: string): string {
  const minutes = Math.max(1, Math.round((new Date(iso).getTime() - Date.now()) / 60_000));
  return minutes < 60 ? `in ${minutes} min` : `in ${Math.round(minutes / 60)} h`;
}

function When({ iso, future }: { iso: string; future?: boolean }) {
  return (
    <time dateTime={iso}>
      {formatDateTime(iso)}
      <span className="text-slate-700">
        {' '}
        ({future ? formatTimeUntil(iso) : formatRelativeTime(iso)})
      </span>
    </time>
  );
}

function RunCounts({ run }: { run: CatalogueRefresh }) {
  const counts: [string, number][] = [
    ['read', run.read],
    ['new', run.inserted],
    ['changed', run.updated],
    ['unchanged', run.unchanged],
    ['rejected', run.rejected],
  ];
  return <>{counts.map(([label, n]) => `${formatInteger(n)} ${label}`).join(' · ')}</>;
}

function CatalogueFacts({ data }: { data: AdminCatalogue }) {
  const last = data.lastSuccess;
  return (
    <div className="space-y-4">
      {data.lastError ? (
        <div
          role="status"
          className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="min-w-0 space-y-1">
            <p>
              <span className="font-semibold">
                The last refresh failed, <When iso={data.lastError.at} />.
              </span>{' '}
              Search and alerts go on with the catalogue as it was.
            </p>
            <p className="break-words text-xs">Error: {data.lastError.message}</p>
          </div>
        </div>
      ) : null}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Fact label="Last refreshed">
          {last ? (
            <When iso={last.finishedAt ?? last.startedAt} />
          ) : (
            'Never: the catalogue is as shipped or last imported'
          )}
        </Fact>
        <Fact label="Next refresh">
          {data.nextRunAt ? <When iso={data.nextRunAt} future /> : 'Not scheduled on this server'}
        </Fact>
        {last ? (
          <>
            <Fact label="File">{last.file ?? '—'}</Fact>
            <Fact label="Took">{formatDuration(last.durationMs)}</Fact>
            <Fact label="Records in that file" wide>
              <RunCounts run={last} />
            </Fact>
          </>
        ) : null}
      </dl>
      <div>
        <h3 className="text-xs font-medium text-slate-700">
          The catalogue today: {formatInteger(data.records.total)} grants
        </h3>
        <ul className="mt-1.5 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {statuses.map((status) => (
            <li key={status} className="rounded-xl border border-slate-200 px-3 py-2">
              <span className="block text-lg font-semibold text-slate-900">
                {formatInteger(data.records[status])}
              </span>
              <span className="text-xs text-slate-700">{grantStatusLabel(status)}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function CatalogueCard() {
  const catalogue = useQuery(catalogueQuery());
  return (
    <Panel
      id="catalogue"
      title="Catalogue"
      description="Federal opportunities from the Grants.gov daily extract, shared by every institution."
    >
      {catalogue.isPending ? (
        <LoadingState label="Loading the catalogue’s refresh…" />
      ) : catalogue.isError ? (
        <LoadFailed what="The catalogue’s refresh" onRetry={() => void catalogue.refetch()} />
      ) : (
        <CatalogueFacts data={catalogue.data} />
      )}
    </Panel>
  );
}
