import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { endpointSchema } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { getCollaborators } from './matching.service';
import { getRecommendedResearchers } from './recommended.service';

export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    endpoints.grantCollaborators.path,
    {
      schema: endpointSchema(endpoints.grantCollaborators, {
        tags: ['matching'],
        summary: 'Top 3 researchers at other institutions for this grant',
      }),
    },
    async (request) => ({ collaborators: await getCollaborators(app.db, requireUser(request), request.params.id) }),
  );

  app.get(
    endpoints.recommendedResearchers.path,
    {
      schema: endpointSchema(endpoints.recommendedResearchers, {
        tags: ['matching'],
        summary: 'Researchers I do not talk to yet, by shared and complementary areas, expertise and publications',
      }),
    },
    async (request) => ({
      results: await getRecommendedResearchers(app.db, requireUser(request), request.query.limit),
    }),
  );
};
