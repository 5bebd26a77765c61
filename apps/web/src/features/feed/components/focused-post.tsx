// One post on top of the feed, as a notice's link opens it (`?post=<id>`):
// loaded on its own, so an old post need not be on the first page; its
// comments open; it takes focus (and is scrolled to) once shown. "Show the
// whole feed" puts it back in its place in the list.
import { useEffect, useRef } from 'react';
import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/loading-state';
import { usePost } from '../hooks/use-feed';
import { FeedEvent } from './feed-event';
import { FeedPost, type FeedPaths } from './feed-post';
import { LoadFailed } from '../../../components/ui/load-failed';

type FocusedPostProps = {
  id: string;
  userId: string;
  paths: FeedPaths;
  now: Date;
  moderatorOf?: string;
  announce: (message: string) => void;
  /** Leaves this view: the address loses its post. */
  onClose: () => void;
};

export function FocusedPost({ id, userId, paths, now, moderatorOf, announce, onClose }: FocusedPostProps) {
  const post = usePost(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = post.data !== undefined;
  useEffect(() => {
    if (!shown) return;
    // After whatever opened the link (the bell's dropdown) has given focus back.
    const timer = window.setTimeout(() => {
      heading.current?.focus({ preventScroll: true });
      heading.current?.scrollIntoView({ block: 'start' });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [shown, id]);

  return (
    <section
      aria-labelledby="focused-post-title"
      className="mt-4 rounded-xl border border-brand-200 bg-brand-50/60 p-2 sm:p-3"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2 px-1">
        <h3
          id="focused-post-title"
          ref={heading}
          tabIndex={-1}
          className="scroll-mt-24 text-sm font-semibold text-slate-900 focus:outline-none"
        >
          The post you were notified about
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
          Show the whole feed
        </Button>
      </div>
      {post.isPending ? (
        <LoadingState label="Loading the post…" className="p-4" />
      ) : post.isError ? (
        <LoadFailed what="The post" onRetry={() => void post.refetch()} className="p-2" />
      ) : post.data === null ? (
        <p className="p-2 text-sm text-slate-700">
          This post has been deleted, or you can no longer see it.
        </p>
      ) : post.data.kind === 'event' ? (
        <FeedEvent item={post.data} paths={paths} now={now} />
      ) : (
        <FeedPost
          item={post.data}
          userId={userId}
          moderatorOf={moderatorOf}
          paths={paths}
          now={now}
          commentsOpen
          onDeleted={onClose}
          announce={announce}
        />
      )}
    </section>
  );
}
