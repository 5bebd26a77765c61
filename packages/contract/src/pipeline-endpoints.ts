// The endpoint table's entries for the grant pipeline: an application's
// stages and history, the research office's queue and settings. Spread into
// `endpoints` (endpoints.ts).
import { z } from 'zod';
import type { Endpoint } from './endpoints';
import {
  addMemberRequestSchema,
  createDocumentRequestSchema,
  documentFileQuerySchema,
  documentListResponseSchema,
  documentParamsSchema,
  documentResponseSchema,
  updateDocumentRequestSchema,
  memberParamsSchema,
  memberResponseSchema,
  teamInvitationsResponseSchema,
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
  addApplicationMember: {
    method: 'POST',
    path: '/api/v1/applications/:id/members',
    params: applicationParamsSchema,
    body: addMemberRequestSchema,
    response: memberResponseSchema,
    statuses: [201],
  },
  acceptTeamInvitation: {
    method: 'POST',
    path: '/api/v1/applications/:id/members/me/accept',
    params: applicationParamsSchema,
    response: applicationDetailResponseSchema,
  },
  leaveApplicationTeam: {
    method: 'DELETE',
    path: '/api/v1/applications/:id/members/me',
    params: applicationParamsSchema,
    response: z.null(),
    statuses: [204],
  },
  removeApplicationMember: {
    method: 'DELETE',
    path: '/api/v1/applications/:id/members/:userId',
    params: memberParamsSchema,
    response: z.null(),
    statuses: [204],
  },
  teamInvitations: {
    method: 'GET',
    path: '/api/v1/team-invitations',
    response: teamInvitationsResponseSchema,
  },
  applicationDocuments: {
    method: 'GET',
    path: '/api/v1/applications/:id/documents',
    params: applicationParamsSchema,
    response: documentListResponseSchema,
  },
  addApplicationDocument: {
    method: 'POST',
    path: '/api/v1/applications/:id/documents',
    params: applicationParamsSchema,
    body: createDocumentRequestSchema,
    response: documentResponseSchema,
    statuses: [201],
  },
  updateApplicationDocument: {
    method: 'PATCH',
    path: '/api/v1/applications/:id/documents/:docId',
    params: documentParamsSchema,
    body: updateDocumentRequestSchema,
    response: documentResponseSchema,
  },
  deleteApplicationDocument: {
    method: 'DELETE',
    path: '/api/v1/applications/:id/documents/:docId',
    params: documentParamsSchema,
    response: z.null(),
    statuses: [204],
  },
  /** multipart/form-data with the field `file`, up to 25 MB. */
  uploadDocumentFile: {
    method: 'PUT',
    path: '/api/v1/applications/:id/documents/:docId/file',
    params: documentParamsSchema,
    body: z.unknown(),
    response: documentResponseSchema,
    statuses: [201],
  },
  /** The file's bytes (the newest version, or `version`), as an attachment. */
  downloadDocumentFile: {
    method: 'GET',
    path: '/api/v1/applications/:id/documents/:docId/file',
    params: documentParamsSchema,
    query: documentFileQuerySchema,
    response: z.unknown(),
  },
} as const satisfies Record<string, Endpoint>;
