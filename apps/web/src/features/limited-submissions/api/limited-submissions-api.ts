// Limited submissions (decision 061) through the typed client: the office's
// calls and decisions, the review page, the researcher's pre-proposal.
import type { CreateLimitedCallRequest, SubmitPreProposalRequest, SubmitReviewRequest } from '@grantbridge/contract/limited-submissions';
import { api } from '../../../lib/api-client';

export const limitedKeys = {
  all: ['limited-submissions'] as const,
  list: ['limited-submissions', 'list'] as const,
  call: (id: string) => ['limited-submissions', 'call', id] as const,
};

export const listLimitedCalls = (signal?: AbortSignal) => api.call('GET /api/v1/admin/limited-submissions', { signal });

export const createLimitedCall = (body: CreateLimitedCallRequest) => api.call('POST /api/v1/admin/limited-submissions', { body });

export const getLimitedCall = (id: string, signal?: AbortSignal) =>
  api.call('GET /api/v1/limited-submissions/:id', { params: { id }, signal });

export const inviteReviewer = (id: string, userId: string) =>
  api.call('POST /api/v1/admin/limited-submissions/:id/reviewers', { params: { id }, body: { userId } });

export const decidePreProposal = (id: string, preProposalId: string, status: 'selected' | 'declined') =>
  api.call('PATCH /api/v1/admin/limited-submissions/:id/pre-proposals/:preProposalId', { params: { id, preProposalId }, body: { status } });

export const submitPreProposal = (id: string, body: SubmitPreProposalRequest) =>
  api.call('POST /api/v1/limited-submissions/:id/pre-proposals', { params: { id }, body });

export const withdrawPreProposal = (id: string, preProposalId: string) =>
  api.call('POST /api/v1/limited-submissions/:id/pre-proposals/:preProposalId/withdraw', { params: { id, preProposalId } });

export const reviewPreProposal = (id: string, preProposalId: string, body: SubmitReviewRequest) =>
  api.call('PUT /api/v1/limited-submissions/:id/pre-proposals/:preProposalId/review', { params: { id, preProposalId }, body });

/** A link to one of a pre-proposal's PDFs. */
export const preProposalFileHref = (id: string, preProposalId: string, fileId: string) =>
  api.href(
    `/api/v1/limited-submissions/${encodeURIComponent(id)}/pre-proposals/${encodeURIComponent(preProposalId)}/files/${encodeURIComponent(fileId)}`,
  );

/** Open grants of the catalogue matching `q`, for the grant picker. */
export const searchGrants = (query: { q: string; pageSize: number }, signal?: AbortSignal) =>
  api.call('GET /api/v1/grants/search', { query, signal });
