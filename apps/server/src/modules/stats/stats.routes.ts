import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { getPublicStats } from './stats.service';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.publicStats,
    {
      tags: ['public'],
      summary: 'Live catalogue and directory counts for the home page',
      config: { public: true },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return getPublicStats(app.db);
    },
  );
};
