import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collaboratorsResponseSchema } from '@grantbridge/contract/grants';
import { getCollaborators } from './matching.service';

export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/grants/:id/collaborators',
    {
      schema: {
        tags: ['matching'],
        summary: 'Top 3 researchers at other institutions for this grant',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: collaboratorsResponseSchema },
      },
    },
    async (request) => ({ collaborators: await getCollaborators(app.db, request.user!, request.params.id) }),
  );
};
