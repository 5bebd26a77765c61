// One researcher as the research office sees them: profile overview, grant
// pipeline, collaborations, notifications, performance metrics and tasks.
// Someone of another institution, or no one, is "Researcher not found".
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { AdminResearcher } from '@grantbridge/contract/admin';
import { paths } from '../../../config/paths';
import { Chip } from '../../../components/ui/chip';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatMoney, formatRelativeTime } from '../../../lib/format';
import { adminKeys, getResearcher } from '../api/admin-api';
import { EmptyNote, LoadFailed, LoadingState, Panel } from './panel';
import { MetricsPanel } from './researcher-metrics';
import { SponsorCapLine } from '../../../components/sponsor-cap-line';

type Props = {
  id: string;
  renderStatus: (status: string) => ReactNode;
  /** Actions beside the name (Message), composed by the route. */
  actions?: (person: { id: string; name: string }) => ReactNode;
};

function BackLink() {
  return (
    <Link
      to={paths.admin.manage}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-900 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Researchers
    </Link>
  );
}

export function ResearcherDetail({ id, renderStatus, actions }: Props) {
  const detail = useQuery({
    queryKey: adminKeys.researcher(id),
    queryFn: ({ signal }) => getResearcher(id, signal),
    retry: (count, error) =>
      !isApiError(error, 'not_found') && !isApiError(error, 'validation_failed') && count < 2,
  });
  const notFound =
    isApiError(detail.error, 'not_found') || isApiError(detail.error, 'validation_failed');
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <BackLink />
      {detail.isPending ? (
        <LoadingState label="Loading the researcher…" />
      ) : notFound ? (
        <Panel title="Researcher not found">
          <EmptyNote>
            No researcher of your institution has this address. They may have been removed, or the
            link is wrong.
          </EmptyNote>
        </Panel>
      ) : detail.isError ? (
        <LoadFailed what="This researcher" onRetry={() => void detail.refetch()} />
      ) : (
        <DetailPanels data={detail.data} renderStatus={renderStatus} actions={actions} />
      )}
    </div>
  );
}

function DetailPanels({
  data,
  renderStatus,
  actions,
}: {
  data: AdminResearcher;
  renderStatus: Props['renderStatus'];
  actions: Props['actions'];
}) {
  const { profile } = data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel
        title={profile.name}
        className="lg:col-span-2"
        actions={actions ? <div className="flex flex-wrap gap-2">{actions(profile)}</div> : null}
        description={[profile.title, profile.department].filter(Boolean).join(' · ') || undefined}
      >
        <h3 className="sr-only">Profile overview</h3>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
          <div className="min-w-0">
            <dt className="text-slate-700">Email</dt>
            <dd className="break-words font-medium text-slate-900">{profile.email}</dd>
          </div>
          <div>
            <dt className="text-slate-700">Account</dt>
            <dd>
              <Chip tone={profile.status === 'active' ? 'green' : 'neutral'}>{profile.status}</Chip>
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">Last sign-in</dt>
            <dd className="font-medium text-slate-900">
              {profile.lastSignInAt ? formatDate(profile.lastSignInAt) : 'Never'}
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">Joined</dt>
            <dd className="font-medium text-slate-900">{formatDate(profile.joinedAt)}</dd>
          </div>
        </dl>
        {profile.researchAreas.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Research areas">
            {profile.researchAreas.map((area) => (
              <li key={area}>
                <Chip tone="brand">{area}</Chip>
              </li>
            ))}
          </ul>
        ) : null}
        {profile.about ? (
          <p className="mt-3 max-w-prose text-sm text-slate-800">{profile.about}</p>
        ) : null}
        {data.sponsorCaps.map((cap) => (
          <SponsorCapLine key={cap.sponsor} status={cap} whose="they" className="mt-3 max-w-prose" />
        ))}
      </Panel>
      <Panel title="Grant Pipeline">
        {data.pipeline.length === 0 ? (
          <EmptyNote>No applications yet.</EmptyNote>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.pipeline.map((row) => (
              <li key={row.id} className="flex items-start justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <Link
                    to={paths.admin.application(row.id)}
                    className="font-medium leading-6 text-brand-900 hover:underline"
                  >
                    {row.grant.title}
                  </Link>
                  <p className="text-xs text-slate-700">
                    {[
                      row.grant.agency,
                      row.amountAwarded !== null
                        ? `awarded ${formatMoney(row.amountAwarded)}`
                        : row.amountRequested !== null
                          ? `requests ${formatMoney(row.amountRequested)}`
                          : null,
                      row.sponsorDeadline ? `due ${formatDate(row.sponsorDeadline)}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <span className="shrink-0 whitespace-nowrap">{renderStatus(row.status)}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <MetricsPanel metrics={data.metrics} periodLabel={data.period.label} />
      <Panel
        title="Collaborations"
        description="Teams with people at other institutions, accepted and pending."
      >
        {data.collaborations.length === 0 ? (
          <EmptyNote>No collaborations yet.</EmptyNote>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.collaborations.map((team) => (
              <li key={team.applicationId} className="py-2.5 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={paths.admin.application(team.applicationId)}
                    className="font-medium leading-6 text-brand-900 hover:underline"
                  >
                    {team.grantTitle}
                  </Link>
                  <Chip tone={team.status === 'active' ? 'green' : 'amber'}>
                    {team.status === 'active' ? 'Accepted' : 'Pending'}
                  </Chip>
                </div>
                <p className="text-xs text-slate-700">
                  {team.role === 'pi'
                    ? 'Leads, with'
                    : team.role === 'co_investigator'
                      ? 'Co-investigator, with'
                      : 'Contributor, with'}{' '}
                  {team.people
                    .map(
                      (p, i) =>
                        `${i ? ', ' : ''}${p.name} (${p.institution}${p.status === 'pending' ? ', pending' : ''})`,
                    )
                    .join('')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Notifications">
        <h3 className="text-sm font-semibold text-slate-900">Upcoming deadlines</h3>
        {data.notifications.deadlines.length === 0 ? (
          <EmptyNote>No deadline ahead.</EmptyNote>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100">
            {data.notifications.deadlines.map((d) => (
              <li key={`${d.applicationId}:${d.what}:${d.day}`} className="py-2 text-sm">
                <span className="font-medium text-slate-900">{formatDate(d.day)}</span> · {d.what} ·{' '}
                <Link
                  to={paths.admin.application(d.applicationId)}
                  className="text-brand-900 hover:underline"
                >
                  {d.grantTitle}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-4 text-sm font-semibold text-slate-900">Recent alerts</h3>
        {data.notifications.recent.length === 0 ? (
          <EmptyNote>No recent alerts.</EmptyNote>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100">
            {data.notifications.recent.map((n) => (
              <li key={n.id} className="py-2 text-sm text-slate-900">
                {n.title}{' '}
                <time
                  dateTime={n.createdAt}
                  title={formatDateTime(n.createdAt)}
                  className="text-xs text-slate-700"
                >
                  · {formatRelativeTime(n.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Tasks" className="lg:col-span-2">
        {data.tasks.length === 0 ? (
          <EmptyNote>No open tasks.</EmptyNote>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.tasks.map((task) => (
              <li key={task.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{task.title}</p>
                  <p className="text-xs text-slate-700">
                    <Link
                      to={paths.admin.application(task.applicationId)}
                      className="text-brand-900 hover:underline"
                    >
                      {task.grantTitle}
                    </Link>
                    {task.dueDate ? ` · due ${formatDate(task.dueDate)}` : ''}
                  </p>
                </div>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  <Chip
                    tone={
                      task.priority === 'high'
                        ? 'red'
                        : task.priority === 'medium'
                          ? 'amber'
                          : 'neutral'
                    }
                  >
                    {task.priority} priority
                  </Chip>
                  <Chip tone={task.status === 'completed' ? 'green' : 'neutral'}>
                    {task.status.replace(/_/g, ' ')}
                  </Chip>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
