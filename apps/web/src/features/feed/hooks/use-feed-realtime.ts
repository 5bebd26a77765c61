// Keeps the feed live while it is on screen: new posts go on top (once), a
// post's text and counts follow other people's changes, deleted posts go, and
// new comments count and join an open comment list. After a reconnect (or a
// server `resync`) everything is fetched afresh. Returns nothing; what is
// worth saying aloud goes to `announce`.
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ServerEvent } from '@grantbridge/contract/realtime-events';
import { getRealtimeClient } from '../../../lib/realtime-client';
import { feedKeys } from '../api/feed-api';
import {
  appendComment,
  applyRemoteItem,
  itemsOf,
  prependItem,
  removeItem,
  setCommentCount,
  type CommentPages,
  type FeedPages,
} from '../utils/feed-cache';
import { writeFeed } from './use-feed';
import { writeComments } from './use-comments';

/**
 * Applies an event to the feed's caches and says what to announce, if
 * anything. An event that arrives while the first page is still loading may
 * be missing from that page: it is loaded again.
 */
function applyFeedEvent(queryClient: QueryClient, event: ServerEvent, me: string): string | null {
  const loaded = queryClient.getQueryData<FeedPages>(feedKeys.list) !== undefined;
  const reloadIfLoading = () => {
    if (!loaded && queryClient.isFetching({ queryKey: feedKeys.list }) > 0) {
      void queryClient.invalidateQueries({ queryKey: feedKeys.list });
    }
  };
  switch (event.type) {
    case 'feed.post.created': {
      const item = event.data;
      const before = queryClient.getQueryData<FeedPages>(feedKeys.list);
      if (!before) {
        reloadIfLoading();
        return null;
      }
      const after = prependItem(before, item);
      if (after === before) return null;
      queryClient.setQueryData(feedKeys.list, after);
      if (item.author.id === me) return null;
      return item.kind === 'event'
        ? `New activity: ${item.content}`
        : `New post from ${item.author.name}`;
    }
    case 'feed.post.updated': {
      reloadIfLoading();
      writeFeed(queryClient, (data) => applyRemoteItem(data, event.data));
      // No event says which comment was deleted: a loaded list that no longer
      // matches the count is loaded again.
      const key = feedKeys.comments(event.data.id);
      const comments = queryClient.getQueryData<CommentPages>(key);
      if (
        comments?.pages.at(-1)?.nextCursor === null &&
        itemsOf(comments).length !== event.data.commentCount
      ) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
      return null;
    }
    case 'feed.post.deleted':
      reloadIfLoading();
      writeFeed(queryClient, (data) => removeItem(data, event.data.id));
      queryClient.removeQueries({ queryKey: feedKeys.comments(event.data.id) });
      return null;
    case 'feed.comment.created': {
      const { comment, commentCount } = event.data;
      writeFeed(queryClient, (data) => setCommentCount(data, comment.postId, commentCount));
      writeComments(queryClient, comment.postId, (data) => appendComment(data, comment));
      const open = queryClient
        .getQueryCache()
        .find({ queryKey: feedKeys.comments(comment.postId), exact: true });
      return comment.author.id !== me && (open?.getObserversCount() ?? 0) > 0
        ? `New comment from ${comment.author.name}`
        : null;
    }
    case 'resync':
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
      return null;
    default:
      return null;
  }
}

export function useFeedRealtime({
  userId,
  announce,
}: {
  userId: string;
  announce: (message: string) => void;
}): void {
  const queryClient = useQueryClient();
  const latest = useRef({ userId, announce });
  useEffect(() => {
    latest.current = { userId, announce };
  });

  useEffect(() => {
    const client = getRealtimeClient();
    const unsubscribe = client.subscribe((event) => {
      const message = applyFeedEvent(queryClient, event, latest.current.userId);
      if (message) latest.current.announce(message);
    });
    const release = client.retain();
    return () => {
      unsubscribe();
      release();
    };
  }, [queryClient]);
}
