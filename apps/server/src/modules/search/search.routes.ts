// Grant search, the search assistant and saved searches (both roles).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { perUserKey, requireUser } from '../../plugins/session';
import { chat } from './chat.service';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  renameSavedSearch,
} from './saved-searches.service';
import { suggestGrants } from './search.service';
import { searchBox } from './looser-reading';
import { withLimitedLines } from '../limited-submissions/limited-submissions.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.suggestedGrants,
    {
      tags: ['grants'],
      summary: 'Open grants that fit my profile, not saved or applied to yet, with why each fits',
    },
    async (request) => suggestGrants(app.db, requireUser(request), request.query.limit),
  );

  bindEndpoint(
    app,
    endpoints.grantSearch,
    {
      tags: ['grants'],
      summary: 'Search the grant catalogue',
      config: { rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' } },
    },
    async (request) => {
      const user = requireUser(request);
      return withLimitedLines(app.db, user, await searchBox(app.db, user, request.query));
    },
  );

  bindEndpoint(
    app,
    endpoints.searchChat,
    {
      tags: ['grants'],
      summary: 'Ask the search assistant; follow-ups refine the previous search unless reset',
      config: { rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' } },
    },
    async (request) => chat(app.db, requireUser(request), request.body),
  );
};

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.savedSearches,
    { tags: ['grants'], summary: 'My saved searches' },
    async (request) => ({ savedSearches: await listSavedSearches(app.db, requireUser(request).id) }),
  );
  bindEndpoint(
    app,
    endpoints.createSavedSearch,
    { tags: ['grants'], summary: 'Save the current search' },
    async (request, reply) =>
      reply
        .status(201)
        .send({ savedSearch: await createSavedSearch(app.db, requireUser(request).id, request.body) }),
  );
  bindEndpoint(
    app,
    endpoints.updateSavedSearch,
    { tags: ['grants'], summary: 'Rename a saved search or change its alerts' },
    async (request) => ({
      savedSearch: await renameSavedSearch(app.db, requireUser(request).id, request.params.id, request.body),
    }),
  );
  bindEndpoint(
    app,
    endpoints.deleteSavedSearch,
    { tags: ['grants'], summary: 'Delete a saved search' },
    async (request, reply) => {
      await deleteSavedSearch(app.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
