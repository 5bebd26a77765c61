// The grant page's pipeline parts: the bookmark toggle, and Apply Now with
// the application's status (the route puts them into the grant page).
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Bookmark, BookmarkCheck } from 'lucide-react';
import type { GrantDetail } from '@grantbridge/contract/grants';
import { grantStatusLabel } from '../../../components/grant-status-chip';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import { formatDate } from '../../../lib/format';
import { applicationKeys, getInstitutionApplications } from '../api/applications-api';
import {
  applicationStartedMessage,
  bookmarkMessages,
  useStartApplication,
  useToggleBookmark,
} from '../hooks/use-grant-actions';
import { applicationStatusLabel, applicationStatusTone } from '../utils/application-status';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SponsorCapLine } from '../../../components/sponsor-cap-line';

export function BookmarkButton({ grant }: { grant: GrantDetail }) {
  const bookmark = useToggleBookmark();
  const button = useRef<HTMLButtonElement>(null);
  const [said, setSaid] = useState<{ text: string; undo: boolean } | null>(null);
  const saved = grant.viewer.saved;
  const change = (next: boolean, undoing = false) => {
    // Never disabled while saving: a disabled button would drop the keyboard's focus.
    if (bookmark.isPending) return;
    bookmark.mutate(
      { id: grant.id, saved: next },
      {
        onSuccess: (now) => {
          setSaid({ text: now ? bookmarkMessages.saved : bookmarkMessages.removed, undo: !now });
          // Undo goes away with its button: focus returns to the bookmark.
          if (undoing) button.current?.focus();
        },
      },
    );
  };
  return (
    <>
      <Button
        ref={button}
        variant={saved ? 'primary' : 'secondary'}
        size="sm"
        aria-pressed={saved}
        aria-disabled={bookmark.isPending || undefined}
        onClick={() => change(!saved)}
      >
        {saved ? (
          <BookmarkCheck className="size-4" aria-hidden="true" />
        ) : (
          <Bookmark className="size-4" aria-hidden="true" />
        )}
        {saved ? 'Bookmarked' : 'Bookmark'}
      </Button>
      {/* Its own line after the buttons, so nothing moves under the pointer. */}
      <div className={said ? 'order-last flex basis-full flex-wrap items-center gap-2 text-sm' : 'sr-only'}>
        <p role="status" className="text-slate-800">
          {said?.text}
        </p>
        {said?.undo ? (
          <button
            type="button"
            onClick={() => change(true, true)}
            className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            Undo<span className="sr-only"> removing the bookmark</span>
          </button>
        ) : null}
      </div>
    </>
  );
}

export function ApplicationPanel({ grant, applicationPath }: { grant: GrantDetail; applicationPath: (id: string) => string }) {
  const apply = useStartApplication();
  const [said, setSaid] = useState('');
  const opened = useRef<HTMLAnchorElement>(null);
  // Apply Now turns into the link to the application: focus follows it.
  const startedHere = said !== '';
  useEffect(() => {
    if (startedHere) opened.current?.focus();
  }, [startedHere]);
  const status = (
    <p role="status" className={said ? 'mt-3 text-center text-sm font-medium text-emerald-800' : 'sr-only'}>
      {said}
    </p>
  );
  // NIH's six applications a year (decision 060): the viewer's count, for the year this grant closes in.
  const cap = grant.viewer.sponsorCap ? <SponsorCapLine status={grant.viewer.sponsorCap} className="mt-3" /> : null;
  if (grant.viewer.application) {
    return (
      <>
        <Link
          ref={opened}
          to={applicationPath(grant.viewer.application.id)}
          className={buttonClasses('primary', 'lg', 'mt-5 w-full')}
        >
          Open your application
        </Link>
        {status}
        <p className="mt-3 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-700">
          Your application:{' '}
          <Chip tone={applicationStatusTone(grant.viewer.application.status)}>
            {applicationStatusLabel(grant.viewer.application.status)}
          </Chip>
        </p>
        {cap}
      </>
    );
  }
  // A grant past its closing date takes no new application.
  const closed = grant.status === 'closed' || grant.status === 'archived';
  return (
    <>
      {closed ? (
        <Button className="mt-5 w-full" size="lg" variant="secondary" disabled>
          Closed for applications
        </Button>
      ) : (
        <Button
          className="mt-5 w-full"
          size="lg"
          aria-disabled={apply.isPending || undefined}
          onClick={() => {
            if (apply.isPending) return;
            apply.mutate(grant.id, { onSuccess: ({ created }) => setSaid(applicationStartedMessage(created)) });
          }}
        >
          {apply.isPending ? 'Starting…' : 'Apply Now'}
        </Button>
      )}
      {status}
      {closed ? (
        <p className="mt-3 text-center text-sm text-slate-700">
          This opportunity is {grantStatusLabel(grant.status).toLowerCase()}
          {grant.dates.closing ? `; it closed on ${formatDate(grant.dates.closing)}` : ''}.
        </p>
      ) : null}
      {cap}
    </>
  );
}

/** The research office's view on a grant page: its researchers' applications for this grant, instead of Apply Now. */
export function InstitutionApplicationsPanel({ grant, applicationPath }: { grant: GrantDetail; applicationPath: (id: string) => string }) {
  const list = useQuery({
    queryKey: applicationKeys.institution({ grantId: grant.id }),
    queryFn: ({ signal }) => getInstitutionApplications({ grantId: grant.id, pageSize: 100 }, signal),
  });
  return (
    <div className="mt-5 border-t border-slate-200 pt-4" role="region" aria-labelledby="institution-applications-title">
      <h2 id="institution-applications-title" className="text-sm font-semibold text-slate-900">
        Your institution’s applications
      </h2>
      {list.isPending ? (
        <p className="mt-2 text-sm text-slate-700">Loading…</p>
      ) : list.isError ? (
        <LoadFailed what="They" onRetry={() => void list.refetch()} className="mt-2" />
      ) : list.data.total === 0 ? (
        <p className="mt-2 text-sm text-slate-700">None of your researchers has started one.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {list.data.applications.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <Link to={applicationPath(item.id)} className="font-medium text-brand-900 hover:underline">
                {item.pi.name}
              </Link>
              <Chip tone={applicationStatusTone(item.status)}>{applicationStatusLabel(item.status)}</Chip>
            </li>
          ))}
          {list.data.total > list.data.applications.length ? (
            <li className="text-sm text-slate-700">and {list.data.total - list.data.applications.length} more.</li>
          ) : null}
        </ul>
      )}
    </div>
  );
}
