// The endpoint table's entries for the research office's figures (admin.ts):
// the dashboard, the grant status page and its export, a researcher's detail,
// and the catalogue's refresh (catalogue.ts).
// Spread into `endpoints` (endpoints.ts).
import { z } from 'zod';
import type { Endpoint } from './endpoints';
import {
  adminOverviewQuerySchema,
  adminOverviewResponseSchema,
  adminPipelineApplicationsQuerySchema,
  adminPipelineApplicationsResponseSchema,
  adminPipelineQuerySchema,
  adminPipelineResponseSchema,
  adminResearcherParamsSchema,
  adminResearcherResponseSchema,
} from './admin';
import { adminCatalogueResponseSchema } from './catalogue';
import { nearSponsorCapResponseSchema } from './sponsor-caps';

export const adminEndpoints = {
  adminOverview: {
    method: 'GET',
    path: '/api/v1/admin/overview',
    query: adminOverviewQuerySchema,
    response: adminOverviewResponseSchema,
  },
  adminPipeline: {
    method: 'GET',
    path: '/api/v1/admin/pipeline',
    query: adminPipelineQuerySchema,
    response: adminPipelineResponseSchema,
  },
  /** The Grant Status list's next page, after the cursor the previous one ended with. */
  adminPipelineApplications: {
    method: 'GET',
    path: '/api/v1/admin/pipeline/applications',
    query: adminPipelineApplicationsQuerySchema,
    response: adminPipelineApplicationsResponseSchema,
  },
  /** text/csv: one row per application the same filter picks, streamed. */
  adminPipelineCsv: {
    method: 'GET',
    path: '/api/v1/admin/pipeline.csv',
    query: adminPipelineQuerySchema,
    response: z.unknown(),
  },
  adminResearcher: {
    method: 'GET',
    path: '/api/v1/admin/researchers/:id',
    params: adminResearcherParamsSchema,
    response: adminResearcherResponseSchema,
  },
  /** My institution's researchers at or one below a sponsor's application cap this year (NIH's six; issue 29 §2). */
  adminSponsorCaps: {
    method: 'GET',
    path: '/api/v1/admin/sponsor-caps',
    response: nearSponsorCapResponseSchema,
  },
  /** The catalogue's daily refresh from Grants.gov: last run, next run, last error, records by status. */
  adminCatalogue: {
    method: 'GET',
    path: '/api/v1/admin/catalogue',
    response: adminCatalogueResponseSchema,
  },
} as const satisfies Record<string, Endpoint>;
