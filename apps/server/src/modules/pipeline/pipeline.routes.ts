// Bookmarks and applications of the signed-in user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { getMyApplications } from './applications.service';
import { listSavedGrants, setBookmark, startApplication } from './pipeline.service';

export const pipelineRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.bookmarkGrant,
    { tags: ['pipeline'], summary: 'Bookmark a grant' },
    async (request) => setBookmark(app.db, requireUser(request).id, request.params.id, true),
  );
  bindEndpoint(
    app,
    endpoints.unbookmarkGrant,
    { tags: ['pipeline'], summary: 'Remove a bookmark' },
    async (request) => setBookmark(app.db, requireUser(request).id, request.params.id, false),
  );
  bindEndpoint(
    app,
    endpoints.savedGrants,
    { tags: ['pipeline'], summary: 'My bookmarked grants' },
    async (request) => ({ grants: await listSavedGrants(app.db, requireUser(request).id) }),
  );
  bindEndpoint(
    app,
    endpoints.startApplication,
    {
      tags: ['pipeline'],
      summary: 'Start an application (Apply Now); returns the existing one if already started',
    },
    async (request, reply) => {
      const result = await startApplication(app.db, requireUser(request), request.body.grantId);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );
  bindEndpoint(
    app,
    endpoints.applications,
    { tags: ['pipeline'], summary: 'My applications: those I lead and those I am an active team member of' },
    async (request) => ({ applications: await getMyApplications(app.db, requireUser(request)) }),
  );
};
