// The grant page's pipeline parts: the bookmark toggle, and Apply Now with
// the application's status (the route puts them into the grant page).
import { Bookmark, BookmarkCheck } from 'lucide-react';
import type { GrantDetail } from '@grantbridge/contract/grants';
import { grantStatusLabel } from '../../../components/grant-status-chip';
import { Button } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import { formatDate } from '../../../lib/format';
import { useStartApplication, useToggleBookmark } from '../hooks/use-grant-actions';
import { applicationStatusLabel, applicationStatusTone } from '../utils/application-status';

export function BookmarkButton({ grant }: { grant: GrantDetail }) {
  const bookmark = useToggleBookmark();
  const saved = grant.viewer.saved;
  return (
    <Button
      variant={saved ? 'primary' : 'secondary'}
      size="sm"
      aria-pressed={saved}
      disabled={bookmark.isPending}
      onClick={() => bookmark.mutate({ id: grant.id, saved: !saved })}
    >
      {saved ? (
        <BookmarkCheck className="size-4" aria-hidden="true" />
      ) : (
        <Bookmark className="size-4" aria-hidden="true" />
      )}
      {saved ? 'Bookmarked' : 'Bookmark'}
    </Button>
  );
}

export function ApplicationPanel({ grant }: { grant: GrantDetail }) {
  const apply = useStartApplication();
  const hasApplication = grant.viewer.application !== null;
  // A grant past its closing date takes no new application; one already started stays reachable.
  const closed = grant.status === 'closed' || grant.status === 'archived';
  return (
    <>
      {hasApplication || !closed ? (
        <Button
          className="mt-5 w-full"
          size="lg"
          variant={hasApplication ? 'secondary' : 'primary'}
          disabled={apply.isPending}
          onClick={() => apply.mutate(grant.id)}
        >
          {apply.isPending ? 'Starting…' : hasApplication ? 'Application in progress' : 'Apply Now'}
        </Button>
      ) : (
        <Button className="mt-5 w-full" size="lg" variant="secondary" disabled>
          Closed for applications
        </Button>
      )}
      {grant.viewer.application ? (
        <p className="mt-3 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-700">
          Your application:{' '}
          <Chip tone={applicationStatusTone(grant.viewer.application.status)}>
            {applicationStatusLabel(grant.viewer.application.status)}
          </Chip>
        </p>
      ) : closed ? (
        <p className="mt-3 text-center text-sm text-slate-700">
          This opportunity is {grantStatusLabel(grant.status).toLowerCase()}
          {grant.dates.closing ? `; it closed on ${formatDate(grant.dates.closing)}` : ''}.
        </p>
      ) : null}
    </>
  );
}
