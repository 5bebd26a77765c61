// The endpoint table's entries for the search assistant and saved searches.
// Spread into `endpoints` (endpoints.ts).
import { z } from 'zod';
import { chatRequestSchema, chatResponseSchema } from './assistant';
import { createSavedSearchRequestSchema, idParamsSchema, savedSearchListResponseSchema, savedSearchResponseSchema, updateSavedSearchRequestSchema } from './grants';

const created = [201] as const;

export const searchEndpoints = {
  searchChat: {
    method: 'POST',
    path: '/api/v1/search/chat',
    body: chatRequestSchema,
    response: chatResponseSchema,
  },
  savedSearches: {
    method: 'GET',
    path: '/api/v1/saved-searches',
    response: savedSearchListResponseSchema,
  },
  createSavedSearch: {
    method: 'POST',
    path: '/api/v1/saved-searches',
    body: createSavedSearchRequestSchema,
    response: savedSearchResponseSchema,
    statuses: created,
  },
  updateSavedSearch: {
    method: 'PATCH',
    path: '/api/v1/saved-searches/:id',
    params: idParamsSchema,
    body: updateSavedSearchRequestSchema,
    response: savedSearchResponseSchema,
  },
  deleteSavedSearch: {
    method: 'DELETE',
    path: '/api/v1/saved-searches/:id',
    params: idParamsSchema,
    response: z.null(),
    statuses: [204],
  },
} as const;
