// Administrator APIs: every route here is for role admin only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { researcherDirectoryResponseSchema } from '@grantbridge/contract/admin';
import { apiPaths } from '@grantbridge/contract/paths';
import { listInstitutionResearchers } from './admin.service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.adminResearchers,
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Researchers of the administrator's institution",
        response: { 200: researcherDirectoryResponseSchema },
      },
    },
    async (request) => ({
      researchers: await listInstitutionResearchers(app.db, request.user!.institution.id),
    }),
  );
};
