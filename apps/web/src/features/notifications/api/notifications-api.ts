// The notification centre's REST calls and their cache keys. New
// notifications and read counts arrive over the realtime socket and are
// written into the same caches (hooks/use-notifications-realtime.ts).
import type { EndpointBody, EndpointResponse } from '@grantbridge/contract/endpoints';
import type { NotificationPreferences } from '@grantbridge/contract/notifications';
import { api } from '../../../lib/api-client';

/** How many the bell's dropdown shows. */
export const latestCount = 8;
/** How many the full page loads at a time. */
export const pageSize = 20;

export type NotificationFilter = 'all' | 'unread';
export type NotificationPage = EndpointResponse<'notifications'>;

export const notificationKeys = {
  all: ['notifications'] as const,
  /** The bell: the newest few and the unread count. */
  latest: ['notifications', 'latest'] as const,
  /** The full page, one infinite list per filter. */
  lists: ['notifications', 'list'] as const,
  list: (filter: NotificationFilter) => ['notifications', 'list', filter] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export function getNotifications(
  options: { filter: NotificationFilter; cursor?: string; limit: number },
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return api.call('GET /api/v1/notifications', {
    query: {
      unread: options.filter === 'unread' ? 'true' : undefined,
      cursor: options.cursor,
      limit: options.limit,
    },
    signal,
  });
}

/** Marks some (`{ ids }`) or all (`{ all: true }`) read; answers the unread count left. */
export async function markNotificationsRead(
  body: EndpointBody<'markNotificationsRead'>,
): Promise<number> {
  const result = await api.call('POST /api/v1/notifications/read', { body });
  return result.unreadCount;
}

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return api.call('GET /api/v1/notification-preferences', { signal });
}

export function saveNotificationPreferences(
  body: NotificationPreferences,
): Promise<NotificationPreferences> {
  return api.call('PUT /api/v1/notification-preferences', { body });
}
