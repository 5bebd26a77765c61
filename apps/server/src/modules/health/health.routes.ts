import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { pingDatabase } from '../../db/client';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { sendProblem } from '../../plugins/problem';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.health,
    {
      tags: ['public'],
      summary: 'Readiness: 200 with a working database; 503 while the instance drains to shut down',
      config: { public: true },
    },
    async (_request, reply) => {
      // Draining after SIGTERM: a load balancer stops sending new requests here.
      if (app.draining) {
        reply.header('connection', 'close');
        return sendProblem(reply, 'unavailable', 'This instance is shutting down.');
      }
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
