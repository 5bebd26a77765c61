// Grant search, the search assistant and saved searches (both roles).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { endpointSchema } from '../../lib/endpoint-schema';
import { perUserKey, requireUser } from '../../plugins/session';
import { chat } from './chat.service';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  renameSavedSearch,
} from './saved-searches.service';
import { searchCatalogue, suggestGrants } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    endpoints.suggestedGrants.path,
    {
      schema: endpointSchema(endpoints.suggestedGrants, {
        tags: ['grants'],
        summary: 'Open grants that fit my profile, not saved or applied to yet, with why each fits',
      }),
    },
    async (request) => suggestGrants(app.db, requireUser(request), request.query.limit),
  );

  app.get(
    endpoints.grantSearch.path,
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' } },
      schema: endpointSchema(endpoints.grantSearch, { tags: ['grants'], summary: 'Search the grant catalogue' }),
    },
    async (request) => searchCatalogue(app.db, requireUser(request), request.query),
  );

  app.post(
    endpoints.searchChat.path,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' } },
      schema: endpointSchema(endpoints.searchChat, {
        tags: ['grants'],
        summary: 'Ask the search assistant; follow-ups refine the previous search unless reset',
      }),
    },
    async (request) => chat(app.db, requireUser(request), request.body),
  );
};

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    endpoints.savedSearches.path,
    { schema: endpointSchema(endpoints.savedSearches, { tags: ['grants'], summary: 'My saved searches' }) },
    async (request) => ({ savedSearches: await listSavedSearches(app.db, requireUser(request).id) }),
  );
  app.post(
    endpoints.createSavedSearch.path,
    {
      schema: endpointSchema(endpoints.createSavedSearch, { tags: ['grants'], summary: 'Save the current search' }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ savedSearch: await createSavedSearch(app.db, requireUser(request).id, request.body) }),
  );
  app.patch(
    endpoints.updateSavedSearch.path,
    {
      schema: endpointSchema(endpoints.updateSavedSearch, {
        tags: ['grants'],
        summary: 'Rename a saved search or change its alerts',
      }),
    },
    async (request) => ({
      savedSearch: await renameSavedSearch(app.db, requireUser(request).id, request.params.id, request.body),
    }),
  );
  app.delete(
    endpoints.deleteSavedSearch.path,
    { schema: endpointSchema(endpoints.deleteSavedSearch, { tags: ['grants'], summary: 'Delete a saved search' }) },
    async (request, reply) => {
      await deleteSavedSearch(app.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
