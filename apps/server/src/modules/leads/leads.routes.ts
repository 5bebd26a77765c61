// Public lead forms: contact, get started, demo request. Each is rate limited
// per IP and carries a honeypot field.
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactRequestSchema,
  demoRequestSchema,
  getStartedRequestSchema,
  leadCreatedResponseSchema,
} from '@grantbridge/contract/leads';
import { apiPaths } from '@grantbridge/contract/paths';
import { submitContactRequest, submitDemoRequest } from './leads.service';

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = {
    public: true,
    rateLimit: { max: app.config.leadRateLimit, timeWindow: app.config.leadRateWindowMs },
  };
  const response = { 201: leadCreatedResponseSchema };
  // A filled honeypot means a bot: answer as if accepted, store nothing.
  const decoy = () => ({ id: crypto.randomUUID() });

  app.post(
    apiPaths.contactRequests,
    { config, schema: { tags: ['leads'], summary: 'Send a contact request', body: contactRequestSchema, response } },
    async (request, reply) => {
      if (request.body.website) return reply.status(201).send(decoy());
      const row = await submitContactRequest(app.db, app.config.leadsInbox, request.body, 'contact', request.ip);
      app.outbox.poke();
      return reply.status(201).send({ id: row.id });
    },
  );

  app.post(
    apiPaths.getStarted,
    { config, schema: { tags: ['leads'], summary: 'Ask to get started', body: getStartedRequestSchema, response } },
    async (request, reply) => {
      if (request.body.website) return reply.status(201).send(decoy());
      const row = await submitContactRequest(app.db, app.config.leadsInbox, request.body, 'get_started', request.ip);
      app.outbox.poke();
      return reply.status(201).send({ id: row.id });
    },
  );

  app.post(
    apiPaths.demoRequests,
    { config, schema: { tags: ['leads'], summary: 'Request a demo', body: demoRequestSchema, response } },
    async (request, reply) => {
      if (request.body.website) return reply.status(201).send(decoy());
      const row = await submitDemoRequest(app.db, app.config.leadsInbox, request.body, request.ip);
      app.outbox.poke();
      return reply.status(201).send({ id: row.id });
    },
  );
};
