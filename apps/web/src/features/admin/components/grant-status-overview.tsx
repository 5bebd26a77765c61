// The Grant Status page's figures and lists for a period and department: the
// four counts (each picks the list below), the applications it picks with
// their export, and the panels about saved grants, collaborations, work in
// progress, recent activity and alerts, each of which collapses. The pipeline's
// sections follow (the review queue's link, every application, partners' ones).
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Award, ClipboardCheck, Download, Send, XCircle } from 'lucide-react';
import {
  pipelineStatusFilters,
  type AdminPipeline,
  type AdminPipelineQuery,
  type PipelineStatusFilter,
} from '@grantbridge/contract/admin';
import { paths } from '../../../config/paths';
import { buttonClasses } from '../../../components/ui/button';
import { ShowMore } from '../../../components/ui/show-more';
import { formatDate, formatInteger, formatMoney } from '../../../lib/format';
import { adminKeys, getPipeline, pipelineCsvHref } from '../api/admin-api';
import { useAdminFilters } from '../hooks/use-admin-filters';
import { useMoreApplications } from '../hooks/use-more-applications';
import { filterQuery, searchOf } from '../utils/period';
import { AdminFiltersBar } from './admin-filters';
import { FigureCards } from './figure-card';
import { EmptyNote, LoadFailed, LoadingState, Panel } from './panel';
import {
  AlertsPanel,
  CollaborationsPanel,
  InProgressPanel,
  RecentActivityPanel,
  SavedGrantsPanel,
} from './pipeline-panels';

type RenderStatus = (status: string) => ReactNode;

const listTitles: Record<PipelineStatusFilter, string> = {
  awarded: 'Awarded in the period',
  pending_review: 'Pending internal review',
  applied: 'Applied: waiting on the sponsor',
  pending: 'Pending: in internal review or with the sponsor',
  rejected: 'Rejected in the period',
  in_progress: 'Applications in progress',
  all: 'All applications live in the period',
};

function statusOf(value: string | null): PipelineStatusFilter | undefined {
  return value && (pipelineStatusFilters as readonly string[]).includes(value)
    ? (value as PipelineStatusFilter)
    : undefined;
}

export function GrantStatusOverview({ renderStatus }: { renderStatus: RenderStatus }) {
  const { filters, params } = useAdminFilters();
  const status = statusOf(params.get('status'));
  const base = filterQuery(filters);
  const query = status ? { ...base, status } : base;
  const pipeline = useQuery({
    queryKey: adminKeys.pipeline(query),
    queryFn: ({ signal }) => getPipeline(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const data = pipeline.data;
  const csvHref = pipelineCsvHref(query);
  const link = (value: PipelineStatusFilter) =>
    `${paths.admin.grants}${searchOf({ period: params.get('period') ?? undefined, status: value, ...base })}`;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <AdminFiltersBar departments={data?.departments} label="Applications of the period" />
      {pipeline.isPending ? (
        // A screen high, so that what follows (the review queue) does not show and then
        // jump down when the figures arrive (decision 051).
        <div className="min-h-dvh">
          <LoadingState label="Loading the grant status…" />
        </div>
      ) : pipeline.isError && !data ? (
        <LoadFailed what="The grant status" onRetry={() => void pipeline.refetch()} />
      ) : data ? (
        <div className="grid gap-6" aria-busy={pipeline.isFetching}>
          <FigureCards
            title="Applications in figures"
            cards={[
              {
                label: 'Awarded',
                value: formatInteger(data.counts.awarded),
                detail: 'Awarded in the period',
                to: link('awarded'),
                Icon: Award,
                current: status === 'awarded',
              },
              {
                label: 'Pending Review',
                value: formatInteger(data.counts.pendingReview),
                detail: 'In internal review: waiting for you to approve or return',
                to: link('pending_review'),
                Icon: ClipboardCheck,
                current: status === 'pending_review',
              },
              {
                label: 'Applied',
                value: formatInteger(data.counts.applied),
                detail: 'Submitted: waiting for the sponsor’s decision',
                to: link('applied'),
                Icon: Send,
                current: status === 'applied',
              },
              {
                label: 'Rejected',
                value: formatInteger(data.counts.rejected),
                detail: 'Declined in the period',
                to: link('rejected'),
                Icon: XCircle,
                current: status === 'rejected',
              },
            ]}
          />
          <ApplicationsPanel
            key={JSON.stringify(query)}
            query={query}
            data={data}
            csvHref={csvHref}
            showAll={status ? link('all') : undefined}
            renderStatus={renderStatus}
          />
          <div className="grid gap-6 lg:grid-cols-2">
            <SavedGrantsPanel data={data} />
            <CollaborationsPanel data={data} />
          </div>
          <InProgressPanel data={data} renderStatus={renderStatus} />
          <div className="grid gap-6 lg:grid-cols-2">
            <RecentActivityPanel data={data} renderStatus={renderStatus} />
            <AlertsPanel data={data} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

const firstRows = 10;
const moreRows = 20;

function ApplicationsPanel({
  query,
  data,
  csvHref,
  showAll,
  renderStatus,
}: {
  query: AdminPipelineQuery;
  data: AdminPipeline;
  csvHref: string;
  showAll?: string;
  renderStatus: RenderStatus;
}) {
  const [shown, setShown] = useState(firstRows);
  const more = useMoreApplications(query, data);
  const rows = more.rows.slice(0, shown);
  const loaded = more.rows.length;
  const left = Math.max(0, data.applicationsTotal - shown);
  const showMore = async () => {
    if (shown + moreRows > loaded && more.hasNext && !(await more.loadNext())) return;
    setShown((n) => n + moreRows);
  };
  const decided = data.status === 'awarded' || data.status === 'rejected';
  return (
    <Panel
      collapsible
      id="status-list"
      title={`${listTitles[data.status]} (${formatInteger(data.applicationsTotal)})`}
      actions={
        <div className="flex flex-wrap gap-2">
          {showAll && data.status !== 'all' ? (
            <Link to={showAll} preventScrollReset className={buttonClasses('ghost', 'sm')}>
              Show all
            </Link>
          ) : null}
          <a href={csvHref} download className={buttonClasses('secondary', 'sm')}>
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </a>
        </div>
      }
      description={decided ? 'Latest decided first.' : 'Last changed first.'}
    >
      {rows.length === 0 ? (
        <EmptyNote>
          No applications here{data.department ? ` in ${data.department}` : ''}.
        </EmptyNote>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {rows.map((row) => (
              <li key={row.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <Link
                    to={paths.admin.application(row.id)}
                    className="font-medium leading-6 text-brand-900 hover:underline"
                  >
                    {row.grant.title}
                  </Link>
                  <p className="text-sm text-slate-700">
                    <Link
                      to={paths.admin.researcher(row.researcher.id)}
                      className="text-brand-900 hover:underline"
                    >
                      {row.researcher.name}
                    </Link>
                    {row.researcher.department ? ` · ${row.researcher.department}` : ''}
                    {row.grant.agency ? ` · ${row.grant.agency}` : ''}
                  </p>
                  <p className="text-xs text-slate-700">
                    {[
                      row.amountAwarded !== null
                        ? `Awarded ${formatMoney(row.amountAwarded)}`
                        : row.amountRequested !== null
                          ? `Requests ${formatMoney(row.amountRequested)}`
                          : null,
                      row.internalDeadline ? `internal ${formatDate(row.internalDeadline)}` : null,
                      row.sponsorDeadline ? `sponsor ${formatDate(row.sponsorDeadline)}` : null,
                      `changed ${formatDate(row.lastChange)}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <span className="shrink-0 whitespace-nowrap">{renderStatus(row.status)}</span>
              </li>
            ))}
          </ul>
          <ShowMore
            next={Math.min(moreRows, left)}
            left={loaded > shown || more.hasNext ? left : 0}
            loading={more.loading}
            failed={more.failed}
            what="applications"
            onMore={() => void showMore()}
          />
        </>
      )}
    </Panel>
  );
}
