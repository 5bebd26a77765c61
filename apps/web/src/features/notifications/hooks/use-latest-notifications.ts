// The bell's data: the newest few notifications and the unread count. It is
// read wherever the signed-in shell is, and kept live by
// use-notifications-realtime.ts.
import { useQuery } from '@tanstack/react-query';
import type { User } from '@grantbridge/contract/auth';
import { queryKeys } from '../../../lib/query-keys';
import { getNotifications, latestCount, notificationKeys } from '../api/notifications-api';

export function useLatestNotifications() {
  // Only while someone is signed in: signing out clears the cache before the
  // shell unmounts, and a refetch then would only earn a 401.
  const { data: me } = useQuery<User | null>({ queryKey: queryKeys.me, enabled: false });
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) => getNotifications({ filter: 'all', limit: latestCount }, signal),
    enabled: !!me,
  });
}

/** The unread count, 0 until it is known. */
export function useUnreadNotificationCount(): number {
  return useLatestNotifications().data?.unreadCount ?? 0;
}
