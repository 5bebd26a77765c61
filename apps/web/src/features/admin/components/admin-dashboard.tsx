// The Admin Dashboard: the institution's figures for a period and department
// (each card links to the list it counts), the timeline, the funding pie,
// Quick Access, the open opportunities that fit researchers here and the
// professor activity table, and how fresh the grant catalogue is.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Banknote, FileClock, Sparkles, UsersRound } from 'lucide-react';
import type { AdminOverview } from '@grantbridge/contract/admin';
import { paths } from '../../../config/paths';
import { formatDate, formatInteger, formatMoney } from '../../../lib/format';
import { overviewQuery, pipelineCsvHref } from '../api/admin-api';
import { useAdminFilters } from '../hooks/use-admin-filters';
import { filterQuery, searchOf } from '../utils/period';
import { AdminFiltersBar } from './admin-filters';
import { CatalogueCard } from './catalogue-card';
import { FigureCards, type FigureCardProps } from './figure-card';
import { FundingChart } from './funding-chart';
import { EmptyNote, LoadFailed, LoadingState, Panel } from './panel';
import { ProfessorActivity } from './professor-activity';
import { QuickAccess } from './quick-access';
import { TimelineChart } from './timeline-chart';

type AdminDashboardProps = {
  /** An application's pipeline stage as its chip (the pipeline's own). */
  renderStatus: (status: string) => ReactNode;
  /** How many applications wait in the review queue (the pipeline's count), for Quick Access. */
  reviewWaiting?: number;
};

export function AdminDashboard({ renderStatus, reviewWaiting }: AdminDashboardProps) {
  const { filters, today } = useAdminFilters();
  const query = filterQuery(filters);
  const overview = useQuery({ ...overviewQuery(query), placeholderData: keepPreviousData });
  const data = overview.data;
  return (
    <div className="space-y-6">
      <AdminFiltersBar departments={data?.departments} label="Institution overview" />
      {overview.isPending ? (
        // A screen high, so that what follows (the feed) does not show and then jump
        // down when the figures arrive (decision 051).
        <div className="min-h-dvh">
          <LoadingState label="Loading the institution’s figures…" />
        </div>
      ) : overview.isError && !data ? (
        <LoadFailed what="The institution’s figures" onRetry={() => void overview.refetch()} />
      ) : data ? (
        <div className="space-y-6" aria-busy={overview.isFetching}>
          <FigureCards title="The institution in figures" cards={dashboardCards(data, query)} />
          <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <TimelineChart overview={data} today={today} renderStatus={renderStatus} />
            <QuickAccess
              exportHref={pipelineCsvHref({ ...query, status: 'all' })}
              department={filters.department}
              reviewWaiting={reviewWaiting}
            />
          </div>
          <FundingChart overview={data} />
          <OpenOpportunities overview={data} />
          <ProfessorActivity overview={data} />
          <CatalogueCard />
        </div>
      ) : null}
    </div>
  );
}

function dashboardCards(
  data: AdminOverview,
  query: ReturnType<typeof filterQuery>,
): FigureCardProps[] {
  const awards = data.fundingByAgency.reduce((sum, s) => sum + s.awards, 0);
  const grants = (status: 'awarded' | 'pending') =>
    `${paths.admin.grants}${searchOf({ status, ...query })}`;
  return [
    {
      label: 'Total Funding Achieved',
      value: formatMoney(data.stats.totalFundingAchieved),
      detail: `${formatInteger(awards)} award${awards === 1 ? '' : 's'} in the period`,
      to: grants('awarded'),
      Icon: Banknote,
    },
    {
      label: 'Open Opportunities',
      value: formatInteger(data.stats.openOpportunities),
      detail: 'Open grants that fit at least one of your researchers',
      to: '#open-opportunities',
      Icon: Sparkles,
    },
    {
      // Not "Pending Applications": beside the review queue's count it read as a second,
      // unexplained queue (issue 30). Grant Status lists them (status=pending); its
      // Pending Review and Applied cards add up to this.
      label: 'Awaiting a Decision',
      value: formatInteger(data.stats.pendingApplications),
      detail: 'Waiting for your internal review or for the sponsor',
      to: grants('pending'),
      Icon: FileClock,
    },
    {
      label: 'Active Researchers',
      value: formatInteger(data.stats.activeResearchers),
      suffix: `of ${formatInteger(data.researchersTotal)} active`,
      detail: 'Signed in within the last 30 days',
      // The active researchers of the scope, last signed in first: the first of them are those counted.
      to: `${paths.admin.manage}${searchOf({ status: 'active', department: query.department, sort: 'lastSignInAt', order: 'desc' })}`,
      Icon: UsersRound,
    },
  ];
}

function OpenOpportunities({ overview }: { overview: AdminOverview }) {
  const list = overview.opportunities;
  return (
    <Panel
      id="open-opportunities"
      title="Open Opportunities"
      description={`${formatInteger(overview.stats.openOpportunities)} open grants fit at least one researcher${overview.department ? ` in ${overview.department}` : ''}; these fit the most.`}
    >
      {list.length === 0 ? (
        <EmptyNote>No open grant fits your researchers’ research areas at the moment.</EmptyNote>
      ) : (
        <ul className="grid gap-x-8 lg:grid-cols-2">
          {list.map(({ grant, researchers }) => (
            <li key={grant.id} className="border-b border-slate-100 py-2.5">
              <div className="min-w-0">
                <Link
                  to={paths.admin.grant(grant.id)}
                  className="font-medium leading-6 text-brand-900 hover:underline"
                >
                  {grant.title}
                </Link>
                <p className="text-xs text-slate-700">
                  {[
                    grant.agency,
                    grant.closeDate ? `closes ${formatDate(grant.closeDate)}` : null,
                    `fits ${formatInteger(researchers)} researcher${researchers === 1 ? '' : 's'}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
