// The researcher's pipeline: applications in progress (a list or a board by
// stage), active grants (awarded), saved grants, and the deadlines coming up.
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ApplicationItem } from '@grantbridge/contract/pipeline';
import type { GrantSummary } from '@grantbridge/contract/grants';
import { Award, BookmarkX, FolderOpen, Bookmark, CalendarClock } from 'lucide-react';
import { GrantStatusChip } from '../../../components/grant-status-chip';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatMoney, formatDate } from '../../../lib/format';
import { useToggleBookmark } from '../hooks/use-grant-actions';
import { useApplications, useSavedGrants } from '../hooks/use-my-grants';
import { inProgressStages } from '../utils/application-status';
import { daysLeftLabel, daysUntil } from '../utils/deadlines';
import { ApplicationBoard, ApplicationList } from './pipeline-applications';
import { CalendarCard } from './calendar-card';
import { MyTasksCard } from './tasks-section';
import { TeamInvitations } from './team-invitations';

type MyGrantsPageProps = { grantPath: (id: string) => string; searchPath: string; applicationPath: (id: string) => string };

export function MyGrantsPage(props: MyGrantsPageProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <TeamInvitations applicationPath={props.applicationPath} />
      <ApplicationsSection {...props} />
      <div className="grid gap-6 lg:grid-cols-3">
        <DeadlinesSection {...props} />
        <MyTasksCard applicationPath={props.applicationPath} />
        <ActiveGrantsSection {...props} />
      </div>
      <SavedGrantsSection {...props} />
      <CalendarCard />
    </div>
  );
}

function SectionHeader({ id, title, count }: { id: string; title: string; count?: number }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
      {title}
      {count !== undefined ? (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-700">
          {count}
        </span>
      ) : null}
    </h2>
  );
}

function SavedGrantsSection({ grantPath, searchPath }: MyGrantsPageProps) {
  const saved = useSavedGrants();
  const bookmark = useToggleBookmark();
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="saved-grants-title">
      <SectionHeader id="saved-grants-title" title="Saved grants" count={saved.data?.length} />
      {saved.isPending ? (
        <LoadingState label="Loading saved grants…" className="p-4" />
      ) : saved.isError ? (
        <ErrorLine onRetry={() => void saved.refetch()} />
      ) : saved.data.length === 0 ? (
        <EmptyState
          icon={<Bookmark className="size-6" aria-hidden="true" />}
          text="No saved grants yet. Find grants with search and press Bookmark on a grant page to keep it here."
          action={
            <Link to={searchPath} className={buttonClasses('primary', 'sm')}>
              Search grants
            </Link>
          }
        />
      ) : (
        <ul className="mt-4 space-y-3">
          {saved.data.map((grant) => (
            <li key={grant.id} className="rounded-xl border border-slate-200 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <GrantStatusChip status={grant.status} />
                <span className="text-xs text-slate-700">{grant.opportunityNumber}</span>
              </div>
              <h3 className="mt-2 font-semibold leading-snug text-slate-900">{grant.title}</h3>
              <p className="mt-1 text-sm text-slate-700">
                {[
                  grant.agency,
                  grant.awardCeiling ? `Up to ${formatMoney(grant.awardCeiling)}` : null,
                  grant.closeDate ? `Due ${formatDate(grant.closeDate)}` : 'No due date',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link
                  to={grantPath(grant.id)}
                  className={buttonClasses('primary', 'sm')}
                  aria-label={`View Details: ${grant.title}`}
                >
                  View Details
                </Link>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={bookmark.isPending && bookmark.variables?.id === grant.id}
                  onClick={() => bookmark.mutate({ id: grant.id, saved: false })}
                  aria-label={`Remove bookmark: ${grant.title}`}
                >
                  <BookmarkX className="size-4" aria-hidden="true" />
                  Remove bookmark
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ApplicationsSection({ searchPath, applicationPath }: MyGrantsPageProps) {
  const applications = useApplications();
  const [params, setParams] = useSearchParams();
  const board = params.get('view') === 'board';
  const inProgress = applications.data?.filter((a) => inProgressStages.includes(a.status)) ?? [];
  const finished = applications.data?.filter((a) => a.status === 'rejected' || a.status === 'withdrawn') ?? [];
  const setView = (view: 'list' | 'board') =>
    setParams((p) => {
      if (view === 'board') p.set('view', 'board');
      else p.delete('view');
      return p;
    }, { replace: true });
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="applications-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SectionHeader id="applications-title" title="Applications in progress" count={applications.data ? inProgress.length : undefined} />
        <div role="group" aria-label="View" className="inline-flex rounded-lg border border-slate-300 p-0.5">
          {(['list', 'board'] as const).map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={board === (view === 'board')}
              onClick={() => setView(view)}
              className={`rounded-md px-3 py-1 text-sm font-medium ${board === (view === 'board') ? 'bg-brand-800 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
            >
              {view === 'list' ? 'List' : 'Board'}
            </button>
          ))}
        </div>
      </div>
      {applications.isPending ? (
        <LoadingState label="Loading applications…" className="p-4" />
      ) : applications.isError ? (
        <ErrorLine onRetry={() => void applications.refetch()} />
      ) : inProgress.length === 0 && !board ? (
        <EmptyState
          icon={<FolderOpen className="size-6" aria-hidden="true" />}
          text="No applications in progress. Open a grant and press Apply Now to start one; it will be tracked here."
          action={
            <Link to={searchPath} className={buttonClasses('secondary', 'sm')}>
              Find a grant
            </Link>
          }
        />
      ) : board ? (
        <ApplicationBoard items={inProgress} applicationPath={applicationPath} />
      ) : (
        <ApplicationList items={inProgress} applicationPath={applicationPath} />
      )}
      {finished.length ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Not funded or withdrawn ({finished.length})</summary>
          <ApplicationList items={finished} applicationPath={applicationPath} />
        </details>
      ) : null}
    </Card>
  );
}

function ActiveGrantsSection({ applicationPath }: MyGrantsPageProps) {
  const applications = useApplications();
  const awarded = applications.data?.filter((a) => a.status === 'awarded') ?? [];
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="active-title">
      <SectionHeader id="active-title" title="Active grants" count={applications.data ? awarded.length : undefined} />
      {applications.isPending ? (
        <LoadingState label="Loading active grants…" className="p-4" />
      ) : awarded.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No awards yet. An application recorded as awarded shows here.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {awarded.map((item) => (
            <li key={item.id} className="flex items-start gap-2 text-sm">
              <Award className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
              <span>
                <Link to={applicationPath(item.id)} className="font-medium text-brand-900 hover:underline">
                  {item.grantTitle}
                </Link>
                <span className="block text-slate-700">{item.amountAwarded ? `Awarded ${formatMoney(item.amountAwarded)}` : 'Awarded'}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

type Upcoming = { key: string; day: string; what: string; title: string; to: string };

/** The next deadlines of applications in progress (internal and sponsor) and of saved grants, soonest first. */
export function upcomingDeadlines(
  applications: ApplicationItem[],
  saved: GrantSummary[],
  paths: { application: (id: string) => string; grant: (id: string) => string },
  today = new Date(),
): Upcoming[] {
  const list: Upcoming[] = [];
  for (const a of applications) {
    if (!inProgressStages.includes(a.status)) continue;
    if (a.internalDeadline) list.push({ key: `${a.id}-i`, day: a.internalDeadline, what: 'Internal deadline', title: a.grantTitle, to: paths.application(a.id) });
    if (a.sponsorDeadline) list.push({ key: `${a.id}-s`, day: a.sponsorDeadline, what: 'Sponsor deadline', title: a.grantTitle, to: paths.application(a.id) });
  }
  const applied = new Set(applications.map((a) => a.grantId));
  for (const g of saved) {
    if (g.closeDate && !applied.has(g.id)) list.push({ key: `${g.id}-g`, day: g.closeDate, what: 'Saved grant closes', title: g.title, to: paths.grant(g.id) });
  }
  return list.filter((u) => daysUntil(u.day, today) >= 0).sort((a, b) => a.day.localeCompare(b.day) || a.key.localeCompare(b.key));
}

function DeadlinesSection({ applicationPath, grantPath }: MyGrantsPageProps) {
  const applications = useApplications();
  const saved = useSavedGrants();
  const upcoming =
    applications.data && saved.data ? upcomingDeadlines(applications.data, saved.data, { application: applicationPath, grant: grantPath }).slice(0, 8) : null;
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="deadlines-title">
      <SectionHeader id="deadlines-title" title="Upcoming deadlines" />
      {!upcoming ? (
        <LoadingState label="Loading deadlines…" className="p-4" />
      ) : upcoming.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Nothing due. Deadlines of your applications and saved grants show here.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {upcoming.map((u) => (
            <li key={u.key} className="flex items-start gap-2 text-sm">
              <CalendarClock className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden="true" />
              <span>
                <span className="font-medium text-slate-900">
                  {formatDate(u.day)} · {daysLeftLabel(u.day)}
                </span>
                <span className="block text-slate-700">
                  {u.what}:{' '}
                  <Link to={u.to} className="text-brand-900 hover:underline">
                    {u.title}
                  </Link>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function EmptyState({ icon, text, action }: { icon: ReactNode; text: string; action: ReactNode }) {
  return (
    <div className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-6 text-center">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-800">
        {icon}
      </span>
      <p className="max-w-sm text-sm text-slate-700">{text}</p>
      {action}
    </div>
  );
}

function ErrorLine({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-700">
      We couldn&rsquo;t load this list.
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
