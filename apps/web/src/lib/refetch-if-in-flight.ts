// One rule for caches kept live by realtime events (messaging, notifications).
import type { QueryClient } from '@tanstack/react-query';

/**
 * A live change written while the same cache is being fetched would be
 * overwritten by that fetch's answer, which may have been read before the
 * change was made (the list loading as the page opens, or a resync's refetch):
 * fetch it again, so the answer that lands is read after the change.
 */
export function refetchIfInFlight(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  if (queryClient.isFetching({ queryKey, exact: true }) === 0) return;
  // Not invalidateQueries: a first load (no data yet) would only wait for the request on its way.
  // Cancelling keeps what setQueryData wrote (TanStack reverts to the last manual update).
  void queryClient
    .cancelQueries({ queryKey, exact: true })
    .then(() => queryClient.refetchQueries({ queryKey, exact: true, type: 'active' }));
}
