// The endpoint table's entries for the public site's figures, the health check and the university picker.
// Spread into `endpoints` (endpoints.ts).
import { healthResponseSchema } from './health';
import { institutionSearchQuerySchema, institutionSearchResponseSchema } from './institutions';
import { publicStatsResponseSchema } from './stats';

export const siteEndpoints = {
  health: { method: 'GET', path: '/api/health', response: healthResponseSchema },
  publicStats: { method: 'GET', path: '/api/v1/stats', response: publicStatsResponseSchema },
  institutionSearch: {
    method: 'GET',
    path: '/api/v1/institutions',
    query: institutionSearchQuerySchema,
    response: institutionSearchResponseSchema,
  },
} as const;
