// Bookmarks and applications of the signed-in user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationListResponseSchema,
  applicationResponseSchema,
  createApplicationRequestSchema,
  savedGrantListResponseSchema,
  savedGrantResponseSchema,
} from '@grantbridge/contract/grants';
import { getMyApplications, listSavedGrants, setBookmark, startApplication } from './pipeline.service';

const grantParams = z.object({ id: z.string().max(100) });

export const pipelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/v1/grants/:id/bookmark',
    { schema: { tags: ['pipeline'], summary: 'Bookmark a grant', params: grantParams, response: { 200: savedGrantResponseSchema } } },
    async (request) => setBookmark(app.db, request.user!.id, request.params.id, true),
  );
  app.delete(
    '/api/v1/grants/:id/bookmark',
    { schema: { tags: ['pipeline'], summary: 'Remove a bookmark', params: grantParams, response: { 200: savedGrantResponseSchema } } },
    async (request) => setBookmark(app.db, request.user!.id, request.params.id, false),
  );
  app.get(
    '/api/v1/saved-grants',
    { schema: { tags: ['pipeline'], summary: 'My bookmarked grants', response: { 200: savedGrantListResponseSchema } } },
    async (request) => ({ grants: await listSavedGrants(app.db, request.user!.id) }),
  );
  app.post(
    '/api/v1/applications',
    {
      schema: {
        tags: ['pipeline'],
        summary: 'Start an application (Apply Now); returns the existing one if already started',
        body: createApplicationRequestSchema,
        response: { 200: applicationResponseSchema, 201: applicationResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await startApplication(app.db, request.user!.id, request.body.grantId);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );
  app.get(
    '/api/v1/applications',
    { schema: { tags: ['pipeline'], summary: 'My applications', response: { 200: applicationListResponseSchema } } },
    async (request) => ({ applications: await getMyApplications(app.db, request.user!.id) }),
  );
};
