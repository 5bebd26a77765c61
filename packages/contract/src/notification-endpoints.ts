// The endpoint table's entries for notifications and their preferences.
// Spread into `endpoints` (endpoints.ts).
import {
  markReadRequestSchema,
  notificationPreferencesRequestSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  unreadCountResponseSchema,
} from './notifications';

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
} as const;
