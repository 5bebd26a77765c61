import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { pingDatabase } from '../../db/client';
import { endpointSchema } from '../../lib/endpoint-schema';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    endpoints.health.path,
    {
      config: { public: true },
      schema: endpointSchema(endpoints.health, { tags: ['public'], summary: 'Liveness and database check' }),
    },
    async () => {
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
