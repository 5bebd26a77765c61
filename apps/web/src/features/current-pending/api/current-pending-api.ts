// Current and Pending (Other) Support through the typed client (decision 062):
// my document, an application's award details and its team's effort.
import type { CurrentPendingFormat, EffortInput, SupportDetailsInput } from '@grantbridge/contract/current-pending';
import { api } from '../../../lib/api-client';

export const currentPendingKeys = {
  mine: ['current-and-pending'] as const,
  application: (id: string) => ['current-and-pending', 'application', id] as const,
};

export function getCurrentPending(signal?: AbortSignal) {
  return api.call('GET /api/v1/profile/current-and-pending', { signal });
}

/** The document's download address (an attachment the browser saves). */
export function currentPendingHref(format: CurrentPendingFormat) {
  return api.href('/api/v1/profile/current-and-pending', { format });
}

export function getApplicationSupport(id: string, signal?: AbortSignal) {
  return api.call('GET /api/v1/applications/:id/current-and-pending', { params: { id }, signal });
}

export function updateApplicationSupport(id: string, body: SupportDetailsInput) {
  return api.call('PUT /api/v1/applications/:id/support', { params: { id }, body });
}

export function updateEffort(id: string, userId: string, body: EffortInput) {
  return api.call('PUT /api/v1/applications/:id/team/:userId/effort', { params: { id, userId }, body });
}
