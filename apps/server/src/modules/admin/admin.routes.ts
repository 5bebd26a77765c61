// Administrator APIs: every route here is for role admin only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { endpointSchema } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { listInstitutionResearchers } from './admin.service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    endpoints.adminResearchers.path,
    {
      config: { role: 'admin' },
      schema: endpointSchema(endpoints.adminResearchers, {
        tags: ['admin'],
        summary: "Researchers of the administrator's institution",
      }),
    },
    async (request) => {
      const admin = requireUser(request);
      return { researchers: await listInstitutionResearchers(app.db, admin, admin.institution.id) };
    },
  );
};
