// The notification centre's routes: the list with the unread count, marking
// read, and the person's preferences.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { getPreferences, listNotifications, readNotifications, setPreferences } from './notifications.service';
import { applyUnsubscribe } from './unsubscribe';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail clients send the one-click unsubscribe as a form (RFC 8058).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  bindEndpoint(
    app,
    endpoints.notifications,
    { tags, summary: 'My notifications, newest first (unread only with ?unread=true), by cursor' },
    async (request) => listNotifications(app.db, requireUser(request), request.query),
  );
  bindEndpoint(
    app,
    endpoints.markNotificationsRead,
    { tags, summary: 'Mark some ({ ids }) or all ({ all: true }) of my notifications read' },
    async (request) => readNotifications(app.db, app.realtime, requireUser(request), request.body),
  );
  bindEndpoint(
    app,
    endpoints.notificationPreferences,
    { tags, summary: 'How I hear about each kind, my digest hour, time zone and reminder lead times' },
    async (request) => getPreferences(app.db, requireUser(request)),
  );
  bindEndpoint(
    app,
    endpoints.setNotificationPreferences,
    { tags, summary: 'Change how I hear about each kind, my digest hour, time zone and reminder lead times' },
    async (request) => setPreferences(app.db, requireUser(request), request.body),
  );
  bindEndpoint(
    app,
    endpoints.unsubscribe,
    {
      tags,
      summary: 'Turn off the alert an e-mail came from, without signing in (one-click, RFC 8058); or turn it back on, or stop every e-mail',
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => applyUnsubscribe(app.db, request.params.token, request.body?.action ?? 'unsubscribe'),
  );
  bindEndpoint(
    app,
    endpoints.unsubscribeLink,
    {
      tags,
      summary: 'The unsubscribe link opened in a browser: to the page that does it',
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => reply.redirect(`/unsubscribe/${encodeURIComponent(request.params.token)}`, 303),
  );
};
