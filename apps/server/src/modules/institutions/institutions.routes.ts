// Institution search for the university picker (public).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { searchInstitutions } from './institutions.service';

export const institutionsRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.institutionSearch,
    {
      tags: ['institutions'],
      summary: 'Search US institutions by name, abbreviation or domain',
      config: { public: true, rateLimit: { max: 300, timeWindow: 60_000 } },
    },
    async (request) => ({
      results: await searchInstitutions(app.db, request.query.q, request.query.limit),
    }),
  );
};
