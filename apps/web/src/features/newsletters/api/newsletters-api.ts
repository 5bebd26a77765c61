// Funding newsletters over the one API client: the office's composer, preview,
// sending and counts, and a researcher's newsletters.
import type { CreateNewsletter, UpdateNewsletter } from '@grantbridge/contract/newsletters';
import { api } from '../../../lib/api-client';

export const newsletterKeys = {
  all: ['newsletters'] as const,
  office: ['newsletters', 'office'] as const,
  audiences: ['newsletters', 'audiences'] as const,
  preview: (id: string) => ['newsletters', 'preview', id] as const,
  stats: (id: string) => ['newsletters', 'stats', id] as const,
  mine: ['newsletters', 'mine'] as const,
  received: (id: string) => ['newsletters', 'received', id] as const,
  savedSearches: ['newsletters', 'saved-searches'] as const,
};

export const listOfficeNewsletters = (signal?: AbortSignal) => api.call('GET /api/v1/admin/newsletters', { signal });
export const getAudiences = (signal?: AbortSignal) => api.call('GET /api/v1/admin/newsletters/audiences', { signal });
export const getSavedSearches = (signal?: AbortSignal) => api.call('GET /api/v1/saved-searches', { signal });
export const createNewsletter = (body: CreateNewsletter) => api.call('POST /api/v1/admin/newsletters', { body });
export const updateNewsletter = (id: string, body: UpdateNewsletter) =>
  api.call('PATCH /api/v1/admin/newsletters/:id', { params: { id }, body });
export const previewNewsletter = (id: string, signal?: AbortSignal) =>
  api.call('GET /api/v1/admin/newsletters/:id/preview', { params: { id }, signal });
export const sendNewsletter = (id: string) => api.call('POST /api/v1/admin/newsletters/:id/send', { params: { id } });
export const scheduleNewsletter = (id: string, at: string) =>
  api.call('PUT /api/v1/admin/newsletters/:id/schedule', { params: { id }, body: { at } });
export const cancelSchedule = (id: string) => api.call('DELETE /api/v1/admin/newsletters/:id/schedule', { params: { id } });
export const getStats = (id: string, signal?: AbortSignal) =>
  api.call('GET /api/v1/admin/newsletters/:id/stats', { params: { id }, signal });
export const searchGrants = (q: string, signal?: AbortSignal) =>
  api.call('GET /api/v1/grants/search', { query: { q, pageSize: 8 }, signal });

export const listMyNewsletters = (signal?: AbortSignal) => api.call('GET /api/v1/newsletters', { signal });
export const getMyNewsletter = (id: string, signal?: AbortSignal) => api.call('GET /api/v1/newsletters/:id', { params: { id }, signal });
export const openNewsletterGrant = (id: string, grantId: string) =>
  api.call('POST /api/v1/newsletters/:id/grants/:grantId/open', { params: { id, grantId } });
export const newsletterUnsubscribe = (token: string, action: 'unsubscribe' | 'resubscribe') =>
  api.call('POST /api/v1/newsletters/unsubscribe/:token', { params: { token }, body: { action } });
/** "More like this": a grant's nearest open grants, to add beside it. */
export const similarGrants = (id: string, signal?: AbortSignal) =>
  api.call('GET /api/v1/grants/:id/similar', { params: { id }, query: { limit: 5 }, signal });
