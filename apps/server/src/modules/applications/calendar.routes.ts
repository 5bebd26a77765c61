// Deadlines for calendars: a person's secret feed address and the feed
// itself, and one application deadline as an event to download.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { deadlineEvent, feedFor, newFeedUrl } from './calendar';

const tags = ['pipeline'];

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.createCalendarFeed,
    {
      tags,
      summary: 'A new secret address of my deadlines as a calendar feed (the one before stops working)',
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request, reply) => reply.status(201).send({ url: await newFeedUrl(app.db, app.config, requireUser(request)) }),
  );
  bindEndpoint(
    app,
    endpoints.calendarFeed,
    {
      tags,
      summary: 'My deadlines as an iCalendar feed (text/calendar)',
      config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const ics = await feedFor(app.db, app.config, request.params.token);
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(ics);
    },
  );
  bindEndpoint(
    app,
    endpoints.applicationDeadlineEvent,
    { tags, summary: "One of an application's deadlines as a calendar event to download (text/calendar)" },
    async (request, reply) => {
      const ics = await deadlineEvent(app.db, app.config, requireUser(request), request.params.id, request.query.deadline);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.query.deadline}-deadline.ics"`)
        .send(ics);
    },
  );
};
