// The endpoint table's entries for people: invitations, password reset, the
// administrator's researcher directory. Spread into `endpoints` (endpoints.ts).
import { z } from 'zod';
import {
  acceptedResponseSchema,
  meResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from './auth';
import type { Endpoint } from './endpoints';
import {
  acceptInvitationRequestSchema,
  createInvitationRequestSchema,
  invitationListResponseSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  importBodySchema,
  importQuerySchema,
  importResultSchema,
  researchersCsvQuerySchema,
  personParamsSchema,
  researcherDirectoryQuerySchema,
  researcherDirectoryResponseSchema,
  updateResearcherRequestSchema,
  updateResearcherResponseSchema,
} from './people';

export const peopleEndpoints = {
  createInvitation: {
    method: 'POST',
    path: '/api/v1/admin/invitations',
    body: createInvitationRequestSchema,
    response: invitationSchema,
    statuses: [200, 201],
  },
  listInvitations: {
    method: 'GET',
    path: '/api/v1/admin/invitations',
    response: invitationListResponseSchema,
  },
  resendInvitation: {
    method: 'POST',
    path: '/api/v1/admin/invitations/:id/resend',
    params: personParamsSchema,
    response: invitationSchema,
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/api/v1/admin/invitations/:id',
    params: personParamsSchema,
    response: z.null(),
    statuses: [204],
  },
  invitationPreview: {
    method: 'GET',
    path: '/api/v1/invitations/:token',
    params: invitationTokenParamsSchema,
    response: invitationPreviewSchema,
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/v1/invitations/accept',
    body: acceptInvitationRequestSchema,
    response: meResponseSchema,
    statuses: [201],
  },

  passwordReset: {
    method: 'POST',
    path: '/api/v1/auth/password-reset',
    body: passwordResetRequestSchema,
    response: acceptedResponseSchema,
    statuses: [202],
  },
  passwordResetConfirm: {
    method: 'POST',
    path: '/api/v1/auth/password-reset/confirm',
    body: passwordResetConfirmSchema,
    response: z.null(),
    statuses: [204],
  },

  adminResearchers: {
    method: 'GET',
    path: '/api/v1/admin/researchers',
    query: researcherDirectoryQuerySchema,
    response: researcherDirectoryResponseSchema,
  },
  importResearchers: {
    method: 'POST',
    path: '/api/v1/admin/researchers/import',
    query: importQuerySchema,
    body: importBodySchema,
    response: importResultSchema,
  },
  /** text/csv: one row per person of the directory, as searched and sorted. */
  researchersCsv: {
    method: 'GET',
    path: '/api/v1/admin/researchers.csv',
    query: researchersCsvQuerySchema,
    response: z.unknown(),
  },
  updateResearcher: {
    method: 'PATCH',
    path: '/api/v1/admin/researchers/:id',
    params: personParamsSchema,
    body: updateResearcherRequestSchema,
    response: updateResearcherResponseSchema,
  },
} as const satisfies Record<string, Endpoint>;
