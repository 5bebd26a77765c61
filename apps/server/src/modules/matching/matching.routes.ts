import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { getCollaborators } from './matching.service';
import { getRecommendedResearchers } from './recommended.service';

export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.grantCollaborators,
    { tags: ['matching'], summary: 'Top 3 researchers at other institutions for this grant' },
    async (request) => getCollaborators(app.db, requireUser(request), request.params.id),
  );

  bindEndpoint(
    app,
    endpoints.recommendedResearchers,
    {
      tags: ['matching'],
      summary: 'Researchers I do not talk to yet, by shared and complementary areas, expertise and publications',
    },
    async (request) => ({
      results: await getRecommendedResearchers(app.db, requireUser(request), request.query.limit),
    }),
  );
};
