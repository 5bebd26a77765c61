// The catalogue's refresh as the administrators see it (admins only; researchers get 403).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { getCatalogueStatus } from './catalogue.service';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogueExtractUrl, catalogueRefreshAt, timeZone } = app.config;
  const schedule = catalogueExtractUrl ? { at: catalogueRefreshAt, timeZone } : null;
  bindEndpoint(
    app,
    endpoints.adminCatalogue,
    {
      tags: ['admin'],
      summary: 'The grant catalogue’s daily refresh (the Grants.gov extract): the last run and the next, the last error, records by status',
      config: { role: 'admin' as const },
    },
    async (request) => getCatalogueStatus(app.db, requireUser(request), schedule),
  );
};
