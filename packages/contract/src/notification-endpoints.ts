// The endpoint table's entries for notifications and their preferences.
// Spread into `endpoints` (endpoints.ts).
import {
  markReadRequestSchema,
  notificationPreferencesRequestSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  unreadCountResponseSchema,
  unsubscribeParamsSchema,
  unsubscribeRequestSchema,
  unsubscribeResponseSchema,
} from './notifications';
import { z } from 'zod';

export const notificationEndpoints = {
  notifications: {
    method: 'GET',
    path: '/api/v1/notifications',
    query: notificationsQuerySchema,
    response: notificationsResponseSchema,
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/api/v1/notifications/read',
    body: markReadRequestSchema,
    response: unreadCountResponseSchema,
  },
  notificationPreferences: {
    method: 'GET',
    path: '/api/v1/notification-preferences',
    response: notificationPreferencesSchema,
  },
  setNotificationPreferences: {
    method: 'PUT',
    path: '/api/v1/notification-preferences',
    body: notificationPreferencesRequestSchema,
    response: notificationPreferencesSchema,
  },
  /** Without a session: a mail client's one-click POST, or the unsubscribe page's choice. */
  unsubscribe: {
    method: 'POST',
    path: '/api/v1/unsubscribe/:token',
    params: unsubscribeParamsSchema,
    body: unsubscribeRequestSchema,
    response: unsubscribeResponseSchema,
  },
  /** Without a session: a person following the link is sent to the unsubscribe page (303). */
  unsubscribeLink: {
    method: 'GET',
    path: '/api/v1/unsubscribe/:token',
    params: unsubscribeParamsSchema,
    response: z.null(),
    statuses: [303],
  },
} as const;
