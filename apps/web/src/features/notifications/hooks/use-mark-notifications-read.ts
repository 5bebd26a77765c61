// Marks notifications read. The lists and the count change at once; the
// server's answer then sets the exact count (and the realtime event tells
// the person's other tabs).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Notification } from '@grantbridge/contract/notifications';
import {
  markNotificationsRead,
  notificationKeys,
  type NotificationPage,
} from '../api/notifications-api';
import {
  readInPage,
  readInPages,
  unreadAmong,
  type NotificationPages,
  type ReadTarget,
} from '../utils/notification-cache';

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();

  const cachedItems = (): Notification[] => {
    const byId = new Map<string, Notification>();
    const latest = queryClient.getQueryData<NotificationPage>(notificationKeys.latest);
    for (const n of latest?.items ?? []) byId.set(n.id, n);
    for (const [, data] of queryClient.getQueriesData<NotificationPages>({
      queryKey: notificationKeys.lists,
    })) {
      for (const page of data?.pages ?? []) for (const n of page.items) byId.set(n.id, n);
    }
    return [...byId.values()];
  };

  return useMutation({
    mutationFn: (target: ReadTarget) =>
      markNotificationsRead(target === 'all' ? { all: true } : { ids: target }),
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.latest });
      const readAt = new Date().toISOString();
      const latest = queryClient.getQueryData<NotificationPage>(notificationKeys.latest);
      if (latest) {
        const left =
          target === 'all'
            ? 0
            : Math.max(0, latest.unreadCount - unreadAmong(cachedItems(), target));
        queryClient.setQueryData(notificationKeys.latest, readInPage(latest, target, readAt, left));
      }
      queryClient.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists }, (data) =>
        data ? readInPages(data, target, readAt) : data,
      );
    },
    onSuccess: (unreadCount) => {
      queryClient.setQueryData<NotificationPage>(notificationKeys.latest, (data) =>
        data ? { ...data, unreadCount } : data,
      );
      // A list on screen keeps what was just read where it is (nothing moves
      // under the pointer); the other filter's list loads afresh when shown.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists, refetchType: 'none' });
    },
    onError: (error) => {
      console.error('Marking notifications read failed', error);
      toast.error('We couldn’t mark that as read. Please try again.');
      void queryClient.invalidateQueries({ queryKey: notificationKeys.latest });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
    },
  });
}
