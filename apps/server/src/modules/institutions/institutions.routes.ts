// Institution search for the university picker (public).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  institutionSearchQuerySchema,
  institutionSearchResponseSchema,
} from '@grantbridge/contract/institutions';
import { apiPaths } from '@grantbridge/contract/paths';
import { searchInstitutions } from './institutions.service';

export const institutionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.institutions,
    {
      config: { public: true, rateLimit: { max: 300, timeWindow: 60_000 } },
      schema: {
        tags: ['institutions'],
        summary: 'Search US institutions by name, abbreviation or domain',
        querystring: institutionSearchQuerySchema,
        response: { 200: institutionSearchResponseSchema },
      },
    },
    async (request) => ({
      results: await searchInstitutions(app.db, request.query.q, request.query.limit),
    }),
  );
};
