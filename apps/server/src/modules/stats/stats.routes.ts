import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { endpointSchema } from '../../lib/endpoint-schema';
import { getPublicStats } from './stats.service';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    endpoints.publicStats.path,
    {
      config: { public: true },
      schema: endpointSchema(endpoints.publicStats, {
        tags: ['public'],
        summary: 'Live catalogue and directory counts for the home page',
      }),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return getPublicStats(app.db);
    },
  );
};
