import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@grantbridge/contract/health';
import { apiPaths } from '@grantbridge/contract/paths';
import { pingDatabase } from '../../db/client';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.health,
    {
      config: { public: true },
      schema: { tags: ['public'], summary: 'Liveness and database check', response: { 200: healthResponseSchema } },
    },
    async () => {
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
