// The endpoint table's entries for the grant pipeline: an application's
// stages and history, the research office's queue and settings. Spread into
// `endpoints` (endpoints.ts).
import type { Endpoint } from './endpoints';
import {
  applicationDetailResponseSchema,
  applicationEventsResponseSchema,
  applicationItemListResponseSchema,
  applicationParamsSchema,
  institutionApplicationsQuerySchema,
  institutionSettingsResponseSchema,
  updateApplicationRequestSchema,
  updateInstitutionRequestSchema,
} from './pipeline';

export const pipelineEndpoints = {
  application: {
    method: 'GET',
    path: '/api/v1/applications/:id',
    params: applicationParamsSchema,
    response: applicationDetailResponseSchema,
  },
  updateApplication: {
    method: 'PATCH',
    path: '/api/v1/applications/:id',
    params: applicationParamsSchema,
    body: updateApplicationRequestSchema,
    response: applicationDetailResponseSchema,
  },
  applicationEvents: {
    method: 'GET',
    path: '/api/v1/applications/:id/events',
    params: applicationParamsSchema,
    response: applicationEventsResponseSchema,
  },
  institutionApplications: {
    method: 'GET',
    path: '/api/v1/admin/applications',
    query: institutionApplicationsQuerySchema,
    response: applicationItemListResponseSchema,
  },
  institutionSettings: {
    method: 'GET',
    path: '/api/v1/admin/institution',
    response: institutionSettingsResponseSchema,
  },
  updateInstitutionSettings: {
    method: 'PATCH',
    path: '/api/v1/admin/institution',
    body: updateInstitutionRequestSchema,
    response: institutionSettingsResponseSchema,
  },
} as const satisfies Record<string, Endpoint>;
