// Keeps the notification caches live in every signed-in page: a new
// notification goes on top of the lists with the new unread count (several at
// once, as an import may tell, are fetched afresh), a read in
// another tab sets the count (and refetches the lists, which cannot know
// which were read), and after a reconnect everything is fetched afresh.
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Notification } from '@grantbridge/contract/notifications';
import type { ServerEvent } from '@grantbridge/contract/realtime-events';
import { getRealtimeClient } from '../../../lib/realtime-client';
import { refetchIfInFlight } from '../../../lib/refetch-if-in-flight';
import { latestCount, notificationKeys, type NotificationPage } from '../api/notifications-api';
import { addToLatest, addToPages, type NotificationPages } from '../utils/notification-cache';

function refetchAll(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.latest });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
}

function applyEvent(queryClient: QueryClient, event: ServerEvent): Notification | null {
  switch (event.type) {
    case 'notification.created': {
      const { notification, unreadCount } = event.data;
      const latest = queryClient.getQueryData<NotificationPage>(notificationKeys.latest);
      // The count jumped by more than this one (an import told several at once, in one event): fetch them.
      if (latest && unreadCount > latest.unreadCount + 1) {
        refetchAll(queryClient);
        return notification;
      }
      if (latest) {
        queryClient.setQueryData(
          notificationKeys.latest,
          addToLatest(latest, notification, unreadCount, latestCount),
        );
        refetchIfInFlight(queryClient, notificationKeys.latest);
      } else if (queryClient.isFetching({ queryKey: notificationKeys.latest, exact: true }) > 0) {
        refetchIfInFlight(queryClient, notificationKeys.latest);
      } else {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.latest });
      }
      queryClient.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists }, (data) =>
        data ? addToPages(data, notification) : data,
      );
      // A list's first page on its way may have been read before this one (a next page is left to arrive).
      for (const query of queryClient.getQueryCache().findAll({ queryKey: notificationKeys.lists })) {
        if (query.state.data === undefined) refetchIfInFlight(queryClient, query.queryKey);
      }
      return notification;
    }
    case 'notifications.read': {
      const latest = queryClient.getQueryData<NotificationPage>(notificationKeys.latest);
      // The same count as here: this tab's own marking, already on screen.
      if (latest?.unreadCount === event.data.unreadCount) return null;
      if (latest)
        queryClient.setQueryData(notificationKeys.latest, {
          ...latest,
          unreadCount: event.data.unreadCount,
        });
      refetchAll(queryClient);
      return null;
    }
    case 'resync':
      refetchAll(queryClient);
      return null;
    default:
      return null;
  }
}

/** Listens while mounted (the bell, in every signed-in shell); `onCreated` hears each new one. */
export function useNotificationsRealtime(onCreated: (notification: Notification) => void): void {
  const queryClient = useQueryClient();
  const latest = useRef(onCreated);
  useEffect(() => {
    latest.current = onCreated;
  });

  useEffect(() => {
    const client = getRealtimeClient();
    const unsubscribe = client.subscribe((event) => {
      const created = applyEvent(queryClient, event);
      if (created) latest.current(created);
    });
    const release = client.retain();
    return () => {
      unsubscribe();
      release();
    };
  }, [queryClient]);
}
