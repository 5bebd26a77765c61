// The endpoint table's entries for limited submissions (limited-submissions.ts,
// decision 061): the office's calls, pre-proposals, reviewers and reviews, and
// the researcher's side. Spread into `endpoints` (endpoints.ts).
import { z } from 'zod';
import type { Endpoint } from './endpoints';
import {
  createLimitedCallRequestSchema,
  decidePreProposalRequestSchema,
  inviteReviewerRequestSchema,
  limitedCallCreatedSchema,
  limitedCallParamsSchema,
  limitedCallResponseSchema,
  limitedCallsResponseSchema,
  limitedGrantParamsSchema,
  limitedLineResponseSchema,
  preProposalFileParamsSchema,
  preProposalParamsSchema,
  preProposalResponseSchema,
  submitPreProposalRequestSchema,
  submitReviewRequestSchema,
} from './limited-submissions';

export const limitedSubmissionEndpoints = {
  /** The institution's limited calls, newest first (administrators). */
  limitedCalls: {
    method: 'GET',
    path: '/api/v1/admin/limited-submissions',
    response: limitedCallsResponseSchema,
  },
  /** Marks a grant as limited for the institution (administrators). */
  createLimitedCall: {
    method: 'POST',
    path: '/api/v1/admin/limited-submissions',
    body: createLimitedCallRequestSchema,
    response: limitedCallCreatedSchema,
    statuses: [201],
  },
  /** One call with its pre-proposals, reviewers and reviews: the office and the invited reviewers. */
  limitedCall: {
    method: 'GET',
    path: '/api/v1/limited-submissions/:id',
    params: limitedCallParamsSchema,
    response: limitedCallResponseSchema,
  },
  /** Invites a researcher of the institution to review the call's pre-proposals (administrators). */
  inviteLimitedReviewer: {
    method: 'POST',
    path: '/api/v1/admin/limited-submissions/:id/reviewers',
    params: limitedCallParamsSchema,
    body: inviteReviewerRequestSchema,
    response: limitedCallResponseSchema,
    statuses: [201],
  },
  /** Selects or declines a pre-proposal; selecting past the cap is 409 limit_reached (administrators). */
  decidePreProposal: {
    method: 'PATCH',
    path: '/api/v1/admin/limited-submissions/:id/pre-proposals/:preProposalId',
    params: preProposalParamsSchema,
    body: decidePreProposalRequestSchema,
    response: preProposalResponseSchema,
  },
  /** Sends a pre-proposal (researchers of the institution, before the internal deadline). */
  submitPreProposal: {
    method: 'POST',
    path: '/api/v1/limited-submissions/:id/pre-proposals',
    params: limitedCallParamsSchema,
    body: submitPreProposalRequestSchema,
    response: preProposalResponseSchema,
    statuses: [201],
  },
  /** Withdraws my own pre-proposal (and frees its place if it was selected). */
  withdrawPreProposal: {
    method: 'POST',
    path: '/api/v1/limited-submissions/:id/pre-proposals/:preProposalId/withdraw',
    params: preProposalParamsSchema,
    response: preProposalResponseSchema,
  },
  /** An invited reviewer's score and comment, or a declared conflict of interest (no score). */
  reviewPreProposal: {
    method: 'PUT',
    path: '/api/v1/limited-submissions/:id/pre-proposals/:preProposalId/review',
    params: preProposalParamsSchema,
    body: submitReviewRequestSchema,
    response: preProposalResponseSchema,
  },
  /** application/pdf: one of a pre-proposal's PDFs (its author, the office, the reviewers). */
  preProposalFile: {
    method: 'GET',
    path: '/api/v1/limited-submissions/:id/pre-proposals/:preProposalId/files/:fileId',
    params: preProposalFileParamsSchema,
    response: z.unknown(),
  },
  /** The limited call on a grant for my institution, as the grant page says it; null when it is not limited. */
  grantLimitedSubmission: {
    method: 'GET',
    path: '/api/v1/grants/:id/limited-submission',
    params: limitedGrantParamsSchema,
    response: limitedLineResponseSchema,
  },
} as const satisfies Record<string, Endpoint>;
