// Institution search for the university picker (public).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { endpointSchema } from '../../lib/endpoint-schema';
import { searchInstitutions } from './institutions.service';

export const institutionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    endpoints.institutionSearch.path,
    {
      config: { public: true, rateLimit: { max: 300, timeWindow: 60_000 } },
      schema: endpointSchema(endpoints.institutionSearch, {
        tags: ['institutions'],
        summary: 'Search US institutions by name, abbreviation or domain',
      }),
    },
    async (request) => ({
      results: await searchInstitutions(app.db, request.query.q, request.query.limit),
    }),
  );
};
