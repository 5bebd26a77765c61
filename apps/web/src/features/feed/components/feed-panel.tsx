// The researcher home's activity feed: the composer, then the posts and
// events of the user's institution and teammates, newest first, kept live
// over the realtime socket, with Load more at the bottom. Changes made by
// others are announced politely. A notice's link (`?post=<id>`) puts its post
// on top, out of the list below.
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { MessagesSquare } from 'lucide-react';
import { feedPostParam } from '@grantbridge/contract/feed';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingState } from '../../../components/ui/loading-state';
import { useAnnouncer } from '../hooks/use-announcer';
import { useFeed, useNow } from '../hooks/use-feed';
import { useFeedRealtime } from '../hooks/use-feed-realtime';
import { itemsOf } from '../utils/feed-cache';
import { FeedEvent } from './feed-event';
import { FeedPost, type FeedPaths } from './feed-post';
import { FocusedPost } from './focused-post';
import { PostComposer } from './post-composer';
import { LoadFailed } from '../../../components/ui/load-failed';

type FeedPanelProps = {
  user: { id: string; name: string };
  paths: FeedPaths;
  /** An administrator's institution: they may remove its posts. */
  moderatorOf?: string;
};

export function FeedPanel({ user, paths, moderatorOf }: FeedPanelProps) {
  const feed = useFeed();
  const now = useNow();
  const [announcements, announce] = useAnnouncer();
  useFeedRealtime({ userId: user.id, announce });
  const heading = useRef<HTMLHeadingElement>(null);
  // Runs after the deleted post (and its dialog) have left the page.
  const focusPanel = () => window.setTimeout(() => heading.current?.focus(), 0);
  const [params, setParams] = useSearchParams();
  const focusedId = params.get(feedPostParam);
  const items = itemsOf(feed.data).filter((item) => item.id !== focusedId);
  const closeFocused = () => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(feedPostParam);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    focusPanel();
  };

  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="feed-title">
      <h2
        id="feed-title"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        Activity feed
      </h2>
      <PostComposer userName={user.name} onPosted={() => announce('Your post is published.')} />
      {focusedId ? (
        <FocusedPost
          key={focusedId}
          id={focusedId}
          userId={user.id}
          paths={paths}
          now={now}
          moderatorOf={moderatorOf}
          announce={announce}
          onClose={closeFocused}
        />
      ) : null}
      {/* Each sentence is an addition, read out on its own. */}
      <div role="status" aria-atomic="false" aria-relevant="additions" className="sr-only">
        {announcements.map((a) => (
          <p key={a.id}>{a.text}</p>
        ))}
      </div>
      {feed.isPending ? (
        <LoadingState label="Loading the feed…" className="p-6" />
      ) : !feed.data ? (
        <LoadFailed boxed what="The feed" onRetry={() => void feed.refetch()} className="mt-4" />
      ) : items.length === 0 && !focusedId ? (
        <div className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-6 text-center">
          <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-800">
            <MessagesSquare className="size-6" aria-hidden="true" />
          </span>
          <p className="max-w-sm text-sm text-slate-700">
            No posts yet. Share an update, a paper or a question: your institution and your
            teammates see it here.
          </p>
        </div>
      ) : (
        <ul aria-label="Posts" className="mt-4 space-y-3">
          {items.map((item) => (
            <li key={item.id}>
              {item.kind === 'event' ? (
                <FeedEvent item={item} paths={paths} now={now} />
              ) : (
                <FeedPost
                  item={item}
                  userId={user.id}
                  moderatorOf={moderatorOf}
                  paths={paths}
                  now={now}
                  onDeleted={focusPanel}
                  announce={announce}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {feed.isFetchNextPageError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          More posts could not be loaded.
        </p>
      ) : null}
      {feed.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            disabled={feed.isFetchingNextPage}
            onClick={() => void feed.fetchNextPage()}
          >
            {feed.isFetchingNextPage
              ? 'Loading…'
              : feed.isFetchNextPageError
                ? 'Try again'
                : 'Load more'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
