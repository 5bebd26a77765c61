// The notification centre's routes: the list with the unread count, marking
// read, and the person's preferences.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { endpointSchema } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { getPreferences, listNotifications, readNotifications, setPreferences } from './notifications.service';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    endpoints.notifications.path,
    { schema: endpointSchema(endpoints.notifications, { tags, summary: 'My notifications, newest first (unread only with ?unread=true), by cursor' }) },
    async (request) => listNotifications(app.db, requireUser(request), request.query),
  );
  app.post(
    endpoints.markNotificationsRead.path,
    { schema: endpointSchema(endpoints.markNotificationsRead, { tags, summary: 'Mark some ({ ids }) or all ({ all: true }) of my notifications read' }) },
    async (request) => readNotifications(app.db, app.realtime, requireUser(request), request.body),
  );
  app.get(
    endpoints.notificationPreferences.path,
    { schema: endpointSchema(endpoints.notificationPreferences, { tags, summary: 'How I hear about each kind, my digest hour, time zone and reminder lead times' }) },
    async (request) => getPreferences(app.db, requireUser(request)),
  );
  app.put(
    endpoints.setNotificationPreferences.path,
    { schema: endpointSchema(endpoints.setNotificationPreferences, { tags, summary: 'Change how I hear about each kind, my digest hour, time zone and reminder lead times' }) },
    async (request) => setPreferences(app.db, requireUser(request), request.body),
  );
};
