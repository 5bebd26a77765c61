// Grant search and the search assistant (both roles).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSavedSearchRequestSchema,
  grantDetailResponseSchema,
  savedSearchListResponseSchema,
  savedSearchResponseSchema,
  updateSavedSearchRequestSchema,
  chatRequestSchema,
  chatResponseSchema,
  grantSearchQuerySchema,
  grantSearchResponseSchema,
} from '@grantbridge/contract/grants';
import { apiPaths } from '@grantbridge/contract/paths';
import { perUserKey } from '../../plugins/session';
import { parseQuery } from './query-parser';
import { chat } from './chat.service';
import { resolveProfileAreas } from './profile';
import { getGrantDetail } from './grant-detail';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  renameSavedSearch,
} from './saved-searches.service';
import { searchGrants } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.grantSearch,
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' } },
      schema: {
        tags: ['grants'],
        summary: 'Search the grant catalogue',
        querystring: grantSearchQuerySchema,
        response: { 200: grantSearchResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const parsed = parseQuery(q.q);
      const matchProfile = q.matchProfile || parsed.matchProfile;
      const profile = matchProfile || q.researcherId
        ? await resolveProfileAreas(app.db, request.user!, q.researcherId ?? null)
        : null;
      // Follow-ups narrow only a search that has words to narrow.
      const refinements = parsed.keywords.length ? q.refine.map((group) => parseQuery(group).keywords) : [];
      return searchGrants(app.db, {
        keywordGroups: [parsed.keywords, ...refinements].filter((group) => group.length > 0),
        amountMin: q.amountMin ?? parsed.amountMin,
        amountMax: q.amountMax ?? parsed.amountMax,
        dueFrom: q.dueFrom ?? parsed.dueFrom,
        dueTo: q.dueTo ?? parsed.dueTo,
        agency: q.agency || parsed.agency,
        statuses: q.status,
        sort: q.sort,
        page: q.page,
        pageSize: q.pageSize,
        profileAreas: matchProfile && profile?.areas.length ? profile.areas : null,
      });
    },
  );

  app.post(
    apiPaths.searchChat,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' } },
      schema: {
        tags: ['grants'],
        summary: 'Ask the search assistant; follow-ups refine the previous search unless reset',
        body: chatRequestSchema,
        response: { 200: chatResponseSchema },
      },
    },
    async (request) => chat(app.db, request.user!, request.body),
  );
};

const idParams = z.object({ id: z.string().max(100) });

export const grantReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/grants/:id',
    {
      schema: {
        tags: ['grants'],
        summary: 'One grant as the grant page shows it',
        params: idParams,
        response: { 200: grantDetailResponseSchema },
      },
    },
    async (request) => ({ grant: await getGrantDetail(app.db, request.user!, request.params.id) }),
  );

  app.get(
    apiPaths.savedSearches,
    { schema: { tags: ['grants'], summary: 'My saved searches', response: { 200: savedSearchListResponseSchema } } },
    async (request) => ({ savedSearches: await listSavedSearches(app.db, request.user!.id) }),
  );
  app.post(
    apiPaths.savedSearches,
    {
      schema: {
        tags: ['grants'],
        summary: 'Save the current search',
        body: createSavedSearchRequestSchema,
        response: { 201: savedSearchResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ savedSearch: await createSavedSearch(app.db, request.user!.id, request.body) }),
  );
  app.patch(
    '/api/v1/saved-searches/:id',
    {
      schema: {
        tags: ['grants'],
        summary: 'Rename a saved search or change its alerts',
        params: idParams,
        body: updateSavedSearchRequestSchema,
        response: { 200: savedSearchResponseSchema },
      },
    },
    async (request) => ({
      savedSearch: await renameSavedSearch(app.db, request.user!.id, request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/v1/saved-searches/:id',
    { schema: { tags: ['grants'], summary: 'Delete a saved search', params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteSavedSearch(app.db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
