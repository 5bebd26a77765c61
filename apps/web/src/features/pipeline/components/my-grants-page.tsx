// The researcher's grants: bookmarked grants and started applications.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BookmarkX, FolderOpen, Bookmark } from 'lucide-react';
import { GrantStatusChip } from '../../../components/grant-status-chip';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatMoney, formatDate } from '../../../lib/format';
import { useToggleBookmark } from '../hooks/use-grant-actions';
import { useApplications, useSavedGrants } from '../hooks/use-my-grants';
import { applicationStatusLabel, applicationStatusTone } from '../utils/application-status';

type MyGrantsPageProps = { grantPath: (id: string) => string; searchPath: string };

export function MyGrantsPage({ grantPath, searchPath }: MyGrantsPageProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-2">
      <SavedGrantsSection grantPath={grantPath} searchPath={searchPath} />
      <ApplicationsSection grantPath={grantPath} searchPath={searchPath} />
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

function ApplicationsSection({ grantPath, searchPath }: MyGrantsPageProps) {
  const applications = useApplications();
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="applications-title">
      <SectionHeader
        id="applications-title"
        title="My applications"
        count={applications.data?.length}
      />
      {applications.isPending ? (
        <LoadingState label="Loading applications…" className="p-4" />
      ) : applications.isError ? (
        <ErrorLine onRetry={() => void applications.refetch()} />
      ) : applications.data.length === 0 ? (
        <EmptyState
          icon={<FolderOpen className="size-6" aria-hidden="true" />}
          text="No applications yet. Open a grant and press Apply Now to start one; it will be tracked here."
          action={
            <Link to={searchPath} className={buttonClasses('secondary', 'sm')}>
              Find a grant
            </Link>
          }
        />
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {applications.data.map((application) => (
            <li key={application.id} className="py-3">
              <Link
                to={grantPath(application.grantId)}
                className="font-semibold leading-snug text-brand-900 hover:underline"
              >
                {application.grantTitle}
              </Link>
              <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <Chip tone={applicationStatusTone(application.status)}>
                  {applicationStatusLabel(application.status)}
                </Chip>
                <span>
                  {application.closeDate
                    ? `Due ${formatDate(application.closeDate)}`
                    : 'No due date'}
                </span>
                <span aria-hidden="true">·</span>
                <span>Started {formatDate(application.createdAt)}</span>
              </div>
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
