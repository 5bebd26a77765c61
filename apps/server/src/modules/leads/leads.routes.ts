// Public lead forms: contact, get started, demo request. Each is rate limited
// per IP and carries a honeypot field.
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { submitContactRequest, submitDemoRequest } from './leads.service';

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = {
    public: true,
    rateLimit: { max: app.config.leadRateLimit, timeWindow: app.config.leadRateWindowMs },
  };
  /**
   * Stores a request and wakes the outbox to mail it. A filled honeypot means
   * a bot: it is answered as if accepted, and nothing is stored.
   */
  const accept = async (honeypot: string | undefined, submit: () => Promise<{ id: string }>) => {
    if (honeypot) return { id: crypto.randomUUID() };
    const { id } = await submit();
    app.outbox.poke();
    return { id };
  };

  bindEndpoint(
    app,
    endpoints.contactRequest,
    { tags: ['leads'], summary: 'Send a contact request', config },
    async (request, reply) =>
      reply.status(201).send(
        await accept(request.body.website, () =>
          submitContactRequest(app.db, app.config.leadsInbox, request.body, 'contact', request.ip),
        ),
      ),
  );

  bindEndpoint(
    app,
    endpoints.getStartedRequest,
    { tags: ['leads'], summary: 'Ask to get started', config },
    async (request, reply) =>
      reply.status(201).send(
        await accept(request.body.website, () =>
          submitContactRequest(app.db, app.config.leadsInbox, request.body, 'get_started', request.ip),
        ),
      ),
  );

  bindEndpoint(
    app,
    endpoints.demoRequest,
    { tags: ['leads'], summary: 'Request a demo', config },
    async (request, reply) =>
      reply.status(201).send(
        await accept(request.body.website, () =>
          submitDemoRequest(app.db, app.config.leadsInbox, request.body, request.ip),
        ),
      ),
  );
};
