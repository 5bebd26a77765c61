// The Grant Status page's lists: Saved Grants, Collaboration Opportunities,
// Grants in Progress, Recent Activity and Notifications & Alerts.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminPipeline } from '@grantbridge/contract/admin';
import { paths } from '../../../config/paths';
import { Chip } from '../../../components/ui/chip';
import { formatDate, formatDateTime, formatInteger, formatRelativeTime } from '../../../lib/format';
import { EmptyNote, Panel } from './panel';

type RenderStatus = (status: string) => ReactNode;

function PersonLink({ person }: { person: { id: string; name: string } }) {
  return (
    <Link to={paths.admin.researcher(person.id)} className="text-brand-900 hover:underline">
      {person.name}
    </Link>
  );
}

export function SavedGrantsPanel({ data }: { data: AdminPipeline }) {
  return (
    <Panel
      collapsible
      title="Saved Grants"
      description="The grants your researchers saved most, and who saved them."
    >
      {data.savedGrants.length === 0 ? (
        <EmptyNote>
          No one{data.department ? ` in ${data.department}` : ''} has saved a grant yet.
        </EmptyNote>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.savedGrants.map(({ grant, count, savedBy }) => (
            <li key={grant.id} className="py-2.5">
              <div className="flex items-start justify-between gap-3">
                <Link
                  to={paths.admin.grant(grant.id)}
                  className="min-w-0 font-medium leading-6 text-brand-900 hover:underline"
                >
                  {grant.title}
                </Link>
                <span className="shrink-0 text-sm text-slate-800">
                  {formatInteger(count)} saved
                </span>
              </div>
              <p className="text-xs text-slate-700">
                {savedBy.map((person, i) => (
                  <span key={person.id}>
                    {i ? ', ' : 'By '}
                    <PersonLink person={person} />
                  </span>
                ))}
                {count > savedBy.length ? ` and ${formatInteger(count - savedBy.length)} more` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function CollaborationsPanel({ data }: { data: AdminPipeline }) {
  const { opportunities, pendingInvitations } = data.collaborations;
  return (
    <Panel
      collapsible
      title="Collaboration Opportunities"
      description="Open grants that fit researchers here and at other institutions, and team invitations still pending."
    >
      <h3 className="text-sm font-semibold text-slate-900">Open grants to team up on</h3>
      {opportunities.length === 0 ? (
        <EmptyNote>None at the moment.</EmptyNote>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {opportunities.map(({ grant, here, elsewhere }) => (
            <li key={grant.id} className="py-2">
              <Link
                to={paths.admin.grant(grant.id)}
                className="font-medium leading-6 text-brand-900 hover:underline"
              >
                {grant.title}
              </Link>
              <p className="text-xs text-slate-700">
                Fits {formatInteger(here)} here and {formatInteger(elsewhere)} elsewhere
                {grant.closeDate ? ` · closes ${formatDate(grant.closeDate)}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Team invitations pending</h3>
      {pendingInvitations.length === 0 ? (
        <EmptyNote>No invitation is waiting for an answer.</EmptyNote>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {pendingInvitations.map((item) => (
            <li key={`${item.applicationId}:${item.invitee.id}`} className="py-2 text-sm">
              <Link
                to={paths.admin.application(item.applicationId)}
                className="font-medium leading-6 text-brand-900 hover:underline"
              >
                {item.grantTitle}
              </Link>
              <p className="text-xs text-slate-700">
                <PersonLink person={item.pi} /> invited {item.invitee.name} (
                {item.invitee.institution}) ·{' '}
                <time dateTime={item.invitedAt} title={formatDateTime(item.invitedAt)}>
                  {formatRelativeTime(item.invitedAt)}
                </time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function InProgressPanel({
  data,
  renderStatus,
}: {
  data: AdminPipeline;
  renderStatus: RenderStatus;
}) {
  return (
    <Panel
      collapsible
      title="Grants in Progress"
      description="Applications being drafted, reviewed or decided, soonest deadline first."
    >
      {data.inProgress.length === 0 ? (
        <EmptyNote>
          Nothing is in progress{data.department ? ` in ${data.department}` : ''}.
        </EmptyNote>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {data.inProgress.map((row) => {
            const { completed, total } = row.documents;
            const percent = total > 0 ? Math.round((completed / total) * 100) : 0;
            return (
              <li key={row.id} className="rounded-xl border border-slate-200 p-3">
                <div className="flex items-start justify-between gap-2">
                  <Link
                    to={paths.admin.application(row.id)}
                    className="min-w-0 font-medium leading-6 text-brand-900 hover:underline"
                  >
                    {row.grant.title}
                  </Link>
                  <span className="shrink-0 whitespace-nowrap">{renderStatus(row.status)}</span>
                </div>
                <p className="mt-1 text-xs text-slate-700">
                  <PersonLink person={row.researcher} />
                  {row.internalDeadline ? ` · internal ${formatDate(row.internalDeadline)}` : ''}
                  {row.sponsorDeadline ? ` · sponsor ${formatDate(row.sponsorDeadline)}` : ''}
                </p>
                <p className="mt-2 text-xs text-slate-800">
                  {total > 0
                    ? `Documents: ${completed} of ${total} complete`
                    : 'No documents listed yet'}
                </p>
                {total > 0 ? (
                  <div
                    aria-hidden="true"
                    className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200"
                  >
                    <div
                      className="h-full rounded-full bg-brand-700"
                      style={{ width: `${percent}%` }}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

export function RecentActivityPanel({
  data,
  renderStatus,
}: {
  data: AdminPipeline;
  renderStatus: RenderStatus;
}) {
  return (
    <Panel collapsible title="Recent Activity" description="The latest changes of stage.">
      {data.recentActivity.length === 0 ? (
        <EmptyNote>No changes yet.</EmptyNote>
      ) : (
        <ol className="divide-y divide-slate-100">
          {data.recentActivity.map((event) => (
            <li
              key={`${event.applicationId}:${event.at}`}
              className="flex items-start justify-between gap-3 py-2.5 text-sm"
            >
              <div className="min-w-0">
                <Link
                  to={paths.admin.application(event.applicationId)}
                  className="font-medium leading-6 text-brand-900 hover:underline"
                >
                  {event.grantTitle}
                </Link>
                <p className="text-xs text-slate-700">
                  <PersonLink person={event.researcher} /> ·{' '}
                  <time dateTime={event.at} title={formatDateTime(event.at)}>
                    {formatRelativeTime(event.at)}
                  </time>
                  {event.reason ? ` · “${event.reason}”` : ''}
                </p>
              </div>
              <span className="shrink-0 whitespace-nowrap">
                <span className="sr-only">Moved to </span>
                {renderStatus(event.toStatus)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

export function AlertsPanel({ data }: { data: AdminPipeline }) {
  return (
    <Panel
      collapsible
      title="Notifications & Alerts"
      description="Internal deadlines coming up and applications waiting for your review."
    >
      {data.alerts.length === 0 ? (
        <EmptyNote>Nothing needs your attention.</EmptyNote>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.alerts.map((alert) => (
            <li
              key={`${alert.kind}:${alert.applicationId}`}
              className="flex items-start gap-3 py-2.5 text-sm"
            >
              <Chip tone={alert.kind === 'waiting_review' ? 'brand' : 'amber'} className="shrink-0">
                {alert.kind === 'waiting_review' ? 'Review' : 'Deadline'}
              </Chip>
              <div className="min-w-0">
                <Link
                  to={paths.admin.application(alert.applicationId)}
                  className="font-medium leading-6 text-brand-900 hover:underline"
                >
                  {alert.grantTitle}
                </Link>
                <p className="text-xs text-slate-700">
                  <PersonLink person={alert.researcher} /> ·{' '}
                  {alert.kind === 'waiting_review'
                    ? `waiting since ${formatDate(alert.day)}`
                    : `internal deadline ${formatDate(alert.day)}`}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
