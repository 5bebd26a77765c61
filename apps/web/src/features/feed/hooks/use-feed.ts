// The feed, a page at a time (newest first, by keyset cursor), and a clock
// that ticks each minute so "5 min ago" stays true while the page is open.
import { useEffect, useState } from 'react';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { feedKeys, feedQuery } from '../api/feed-api';
import type { FeedPages } from '../utils/feed-cache';

export function useFeed() {
  return useInfiniteQuery(feedQuery);
}

/** Applies a change to the cached feed, if it is loaded. */
export function writeFeed(queryClient: QueryClient, change: (data: FeedPages) => FeedPages): void {
  queryClient.setQueryData<FeedPages>(feedKeys.list, (data) => (data ? change(data) : data));
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
