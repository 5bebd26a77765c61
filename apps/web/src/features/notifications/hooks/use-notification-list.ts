// The full page's list, all or unread only, a page at a time by cursor.
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  getNotifications,
  notificationKeys,
  pageSize,
  type NotificationFilter,
} from '../api/notifications-api';

export function useNotificationList(filter: NotificationFilter) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      getNotifications({ filter, cursor: pageParam, limit: pageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
