import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@grantbridge/contract/paths';
import { publicStatsResponseSchema } from '@grantbridge/contract/stats';
import { getPublicStats } from './stats.service';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.publicStats,
    {
      config: { public: true },
      schema: {
        tags: ['public'],
        summary: 'Live catalogue and directory counts for the home page',
        response: { 200: publicStatsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return getPublicStats(app.db);
    },
  );
};
