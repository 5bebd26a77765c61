// The endpoint table's entries for the grant catalogue: suggestions, search, a grant's page and its collaborators.
// Spread into `endpoints` (endpoints.ts).
import { collaboratorsResponseSchema, grantDetailResponseSchema, grantSearchQuerySchema, grantSearchResponseSchema, idParamsSchema, suggestedGrantsQuerySchema, suggestedGrantsResponseSchema } from './grants';
import { similarGrantsQuerySchema, similarGrantsResponseSchema } from './similar-grants';

export const grantEndpoints = {
  suggestedGrants: {
    method: 'GET',
    path: '/api/v1/grants/suggested',
    query: suggestedGrantsQuerySchema,
    response: suggestedGrantsResponseSchema,
  },
  grantSearch: {
    method: 'GET',
    path: '/api/v1/grants/search',
    query: grantSearchQuerySchema,
    response: grantSearchResponseSchema,
  },
  grant: {
    method: 'GET',
    path: '/api/v1/grants/:id',
    params: idParamsSchema,
    response: grantDetailResponseSchema,
  },
  similarGrants: {
    method: 'GET',
    path: '/api/v1/grants/:id/similar',
    params: idParamsSchema,
    query: similarGrantsQuerySchema,
    response: similarGrantsResponseSchema,
  },
  grantCollaborators: {
    method: 'GET',
    path: '/api/v1/grants/:id/collaborators',
    params: idParamsSchema,
    response: collaboratorsResponseSchema,
  },
} as const;
