// The feed, a page at a time (newest first, by keyset cursor), a post on its
// own (a notice's link), and a clock that ticks each minute so "5 min ago"
// stays true while the page is open.
import { useEffect, useState } from 'react';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { FeedItem } from '@grantbridge/contract/feed';
import { feedKeys, feedQuery, postQuery } from '../api/feed-api';
import { itemsOf, type FeedPages } from '../utils/feed-cache';

export function useFeed() {
  return useInfiniteQuery(feedQuery);
}

/** One post on its own (null: gone, or not the viewer's to see). */
export function usePost(id: string) {
  return useQuery(postQuery(id));
}

/**
 * Applies a change to the cached feed, if it is loaded, and to each post shown
 * on its own: such a post takes the same changes as if it were the only one
 * listed (it never gains others; removed, it becomes null).
 */
export function writeFeed(queryClient: QueryClient, change: (data: FeedPages) => FeedPages): void {
  queryClient.setQueryData<FeedPages>(feedKeys.list, (data) => (data ? change(data) : data));
  for (const [key, item] of queryClient.getQueriesData<FeedItem | null>({ queryKey: feedKeys.postsAll })) {
    if (!item) continue;
    const alone: FeedPages = { pages: [{ items: [item], nextCursor: null }], pageParams: [undefined] };
    const after = itemsOf(change(alone)).find((other) => other.id === item.id) ?? null;
    if (after !== item) queryClient.setQueryData(key, after);
  }
}

/** Now, renewed every `everyMs`. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
