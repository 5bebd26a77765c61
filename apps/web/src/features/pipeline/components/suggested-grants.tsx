// The researcher home's suggested-grants carousel: open grants that fit the
// profile and are not saved or applied to yet, one at a time, with why each
// fits. Previous and Next wrap around; the arrow keys work while the carousel
// has focus; the card shown is announced. Each card bookmarks and shares.
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Bookmark, BookmarkCheck, ChevronLeft, ChevronRight, Share2 } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatDate, formatMoney } from '../../../lib/format';
import { suggestedGrantsQuery } from '../api/suggested-api';
import { pipelineKeys, setBookmark } from '../api/pipeline-api';
import { LoadFailed } from '../../../components/ui/load-failed';

type Paths = { grant: (id: string) => string; profile: string; search: string };

export function SuggestedGrants({ paths, limit = 4 }: { paths: Paths; limit?: number }) {
  const queryClient = useQueryClient();
  const suggested = useQuery(suggestedGrantsQuery(limit));
  const [index, setIndex] = useState(0);
  const [saved, setSaved] = useState<Record<string, boolean>>({});
  const results = suggested.data?.results ?? [];
  const total = results.length;
  const current = total ? results[index % total]! : null;
  const move = (step: number) => setIndex((i) => (i + step + total) % total);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else return;
    event.preventDefault();
  };
  const toggleBookmark = async (id: string) => {
    const next = !saved[id];
    try {
      await setBookmark(id, next);
      setSaved((s) => ({ ...s, [id]: next }));
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.saved });
      toast.success(next ? 'Grant bookmarked successfully!' : 'Grant removed from bookmarks');
    } catch {
      toast.error('We couldn’t update your bookmarks. Please try again.');
    }
  };
  const share = async (id: string) => {
    const url = new URL(paths.grant(id), window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('The link could not be copied.');
    }
  };

  return (
    <Card className="p-5 sm:p-6" role="region" aria-roledescription="carousel" aria-labelledby="suggested-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="suggested-title" className="text-lg font-semibold text-slate-900">
          Suggested grants
        </h2>
        {total > 1 ? (
          <div className="flex items-center gap-2">
            <Button variant="ghost" size="sm" onClick={() => move(-1)} aria-label="Previous grant">
              <ChevronLeft className="size-4" aria-hidden="true" />
            </Button>
            <span className="text-sm text-slate-700">
              {(index % total) + 1} of {total}
            </span>
            <Button variant="ghost" size="sm" onClick={() => move(1)} aria-label="Next grant">
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>
      {suggested.isPending ? (
        <LoadingState label="Finding grants for your profile…" className="p-4" />
      ) : suggested.isError ? (
        <LoadFailed what="Suggestions" onRetry={() => void suggested.refetch()} className="mt-3" />
      ) : suggested.data.needsProfile ? (
        <p className="mt-3 text-sm text-slate-700">
          Suggestions follow your research areas.{' '}
          <Link to={paths.profile} className="font-medium text-brand-900 underline-offset-2 hover:underline">
            Add your research areas to your profile
          </Link>{' '}
          and grants that fit will show here.
        </p>
      ) : !current ? (
        <p className="mt-3 text-sm text-slate-700">
          No open grant you have not saved fits your profile right now.{' '}
          <Link to={paths.search} className="font-medium text-brand-900 underline-offset-2 hover:underline">
            Search the catalogue
          </Link>
        </p>
      ) : (
        <div
          className="mt-3 rounded-xl border border-slate-200 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          tabIndex={0}
          onKeyDown={onKeyDown}
          aria-label={`Grant ${(index % total) + 1} of ${total}; left and right arrows move`}
        >
          {/* Read out when the card changes. */}
          <div aria-live="polite" aria-atomic="true">
            <div className="flex flex-wrap items-center gap-2">
              <Chip tone="brand">{current.score}% match</Chip>
              <span className="text-xs text-slate-700">{current.grant.opportunityNumber}</span>
            </div>
            <h3 className="mt-2 font-semibold leading-snug text-slate-900">{current.grant.title}</h3>
            <p className="mt-1 text-sm text-slate-700">
              {[
                current.grant.agency,
                current.grant.awardCeiling ? `Up to ${formatMoney(current.grant.awardCeiling)}` : null,
                current.grant.closeDate ? `Due ${formatDate(current.grant.closeDate)}` : 'No due date',
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <ul className="mt-2 list-disc pl-5 text-sm text-slate-800">
              {current.reasons.slice(0, 3).map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to={paths.grant(current.grant.id)} className={buttonClasses('primary', 'sm')}>
              Details<span className="sr-only">: {current.grant.title}</span>
            </Link>
            <Button variant="secondary" size="sm" aria-pressed={!!saved[current.grant.id]} onClick={() => void toggleBookmark(current.grant.id)}>
              {saved[current.grant.id] ? <BookmarkCheck className="size-4" aria-hidden="true" /> : <Bookmark className="size-4" aria-hidden="true" />}
              {saved[current.grant.id] ? 'Bookmarked' : 'Bookmark'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void share(current.grant.id)}>
              <Share2 className="size-4" aria-hidden="true" />
              Share
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
