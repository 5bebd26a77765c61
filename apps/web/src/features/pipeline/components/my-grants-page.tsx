// The researcher's pipeline: applications in progress (a list or a board by
// stage), active grants (awarded), saved grants, and the deadlines coming up.
// Each section can be linked to (`#id`, e.g. from the stat view's figures).
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { GrantSummary } from '@grantbridge/contract/grants';
import { upcomingDeadlines } from '@grantbridge/contract/home';
import { Award, BookmarkX, FolderOpen, Bookmark, CalendarClock, Undo2 } from 'lucide-react';
import { myGrantsSections } from '../../../config/paths';
import { GrantStatusChip } from '../../../components/grant-status-chip';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ExportLinks } from '../../../components/export-links';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatMoney, formatDate } from '../../../lib/format';
import { localIsoDay } from '../../../lib/local-day';
import { myListExportHref, pipelineKeys } from '../api/pipeline-api';
import { bookmarkMessages, useToggleBookmark } from '../hooks/use-grant-actions';
import { useApplications, useMyGrantsSettled, useSavedGrants } from '../hooks/use-my-grants';
import { inProgressStages } from '../utils/application-status';
import { daysLeftLabel } from '../utils/deadlines';
import { ApplicationBoard, ApplicationList } from './pipeline-applications';
import { CalendarCard } from './calendar-card';
import { MyTasksCard } from './tasks-section';
import { TeamInvitations } from './team-invitations';

type MyGrantsPageProps = { grantPath: (id: string) => string; searchPath: string; applicationPath: (id: string) => string };

export function MyGrantsPage(props: MyGrantsPageProps) {
  useScrollToSection();
  const settled = useMyGrantsSettled();
  if (!settled) return <LoadingState label="Loading your grants…" className="min-h-[60vh]" />;
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

/**
 * Scrolls to (and focuses) the section the address names once the page shows
 * its sections: when all four lists are in (useMyGrantsSettled), not when the
 * two the sections list are, or a slower invitations or tasks list leaves no
 * section to focus yet and nothing asks again.
 */
function useScrollToSection() {
  const { hash } = useLocation();
  const loaded = useMyGrantsSettled();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!loaded || !id) return;
    const section = document.getElementById(id);
    section?.scrollIntoView({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [hash, loaded]);
}

/** A section's card: a region named by its heading, a target for `#id` links. */
function SectionCard({ id, labelledBy, children }: { id: string; labelledBy: string; children: ReactNode }) {
  return (
    <Card id={id} tabIndex={-1} className="scroll-mt-4 p-5 sm:p-6" role="region" aria-labelledby={labelledBy}>
      {children}
    </Card>
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
  const queryClient = useQueryClient();
  // A removed grant keeps its place, with Undo where its button was, until the page is left.
  const [removed, setRemoved] = useState<Record<string, { grant: GrantSummary; index: number }>>({});
  const [said, setSaid] = useState('');
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const shown = [...(saved.data ?? [])];
  for (const { grant, index } of Object.values(removed).sort((a, b) => a.index - b.index)) {
    if (!shown.some((g) => g.id === grant.id)) shown.splice(Math.min(index, shown.length), 0, grant);
  }

  const remove = (grant: GrantSummary, index: number) => {
    if (bookmark.isPending) return;
    bookmark.mutate(
      { id: grant.id, saved: false },
      {
        onSuccess: () => {
          setRemoved((r) => ({ ...r, [grant.id]: { grant, index } }));
          setSaid(`${bookmarkMessages.removed}: ${grant.title}`);
          setFocusId(`undo-remove-${grant.id}`);
        },
      },
    );
  };
  const undo = (grant: GrantSummary) => {
    if (bookmark.isPending) return;
    bookmark.mutate(
      { id: grant.id, saved: true },
      {
        onSuccess: () => {
          const at = removed[grant.id]?.index ?? 0;
          // Back in its place at once; the refetch the bookmark started confirms it.
          queryClient.setQueryData<GrantSummary[]>(pipelineKeys.saved, (list) =>
            list && !list.some((g) => g.id === grant.id) ? [...list.slice(0, at), grant, ...list.slice(at)] : list,
          );
          setRemoved(({ [grant.id]: _undone, ...rest }) => rest);
          setSaid(`Bookmark restored: ${grant.title}`);
          setFocusId(`remove-${grant.id}`);
        },
      },
    );
  };

  return (
    <SectionCard id={myGrantsSections.saved} labelledBy="saved-grants-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SectionHeader id="saved-grants-title" title="Saved grants" count={saved.data?.length} />
        {saved.data?.length ? <MyListExport list="saved-grants" what="saved grants" /> : null}
      </div>
      <p role="status" className="sr-only">
        {said}
      </p>
      {saved.isPending ? (
        <LoadingState label="Loading saved grants…" className="p-4" />
      ) : saved.isError ? (
        <ErrorLine onRetry={() => void saved.refetch()} />
      ) : shown.length === 0 ? (
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
          {shown.map((grant, index) =>
            removed[grant.id] ? (
              <li key={grant.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-slate-300 p-4">
                <p className="text-sm text-slate-700">
                  <span className="font-medium text-slate-900">{grant.title}</span> is no longer saved.
                </p>
                <Button
                  id={`undo-remove-${grant.id}`}
                  variant="secondary"
                  size="sm"
                  aria-label={`Undo: bookmark ${grant.title} again`}
                  onClick={() => undo(grant)}
                >
                  <Undo2 className="size-4" aria-hidden="true" />
                  Undo
                </Button>
              </li>
            ) : (
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
                    id={`remove-${grant.id}`}
                    variant="secondary"
                    size="sm"
                    aria-disabled={(bookmark.isPending && bookmark.variables?.id === grant.id) || undefined}
                    onClick={() => remove(grant, index)}
                    aria-label={`Remove bookmark: ${grant.title}`}
                  >
                    <BookmarkX className="size-4" aria-hidden="true" />
                    Remove bookmark
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </SectionCard>
  );
}

function MyListExport({ list, what, className }: { list: 'saved-grants' | 'applications'; what: string; className?: string }) {
  return <ExportLinks what={what} csvHref={myListExportHref(list, 'csv')} xlsxHref={myListExportHref(list, 'xlsx')} className={className} />;
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
    <SectionCard id={myGrantsSections.applications} labelledBy="applications-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SectionHeader id="applications-title" title="Applications in progress" count={applications.data ? inProgress.length : undefined} />
        {applications.data?.length ? <MyListExport list="applications" what="applications" className="sm:ml-auto" /> : null}
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
    </SectionCard>
  );
}

function ActiveGrantsSection({ applicationPath }: MyGrantsPageProps) {
  const applications = useApplications();
  const awarded = applications.data?.filter((a) => a.status === 'awarded') ?? [];
  return (
    <SectionCard id={myGrantsSections.active} labelledBy="active-title">
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
    </SectionCard>
  );
}

function DeadlinesSection({ applicationPath, grantPath }: MyGrantsPageProps) {
  const applications = useApplications();
  const saved = useSavedGrants();
  // The contract's rule, the one the stat view counts by.
  const upcoming = applications.data && saved.data ? upcomingDeadlines(applications.data, saved.data, localIsoDay()) : null;
  return (
    <SectionCard id={myGrantsSections.deadlines} labelledBy="deadlines-title">
      <SectionHeader id="deadlines-title" title="Upcoming deadlines" count={upcoming?.length} />
      {!upcoming ? (
        <LoadingState label="Loading deadlines…" className="p-4" />
      ) : upcoming.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Nothing due. Deadlines of your applications and saved grants show here.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {upcoming.slice(0, 8).map((u) => (
            <li key={u.key} className="flex items-start gap-2 text-sm">
              <CalendarClock className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden="true" />
              <span>
                <span className="font-medium text-slate-900">
                  {formatDate(u.day)} · {daysLeftLabel(u.day)}
                </span>
                <span className="block text-slate-700">
                  {u.what}:{' '}
                  <Link
                    to={u.target.kind === 'application' ? applicationPath(u.target.id) : grantPath(u.target.id)}
                    className="text-brand-900 hover:underline"
                  >
                    {u.title}
                  </Link>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {upcoming && upcoming.length > 8 ? (
        <p className="mt-3 text-sm text-slate-700">The next 8 of {upcoming.length} are shown.</p>
      ) : null}
    </SectionCard>
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
