// Recommended collaborators for a grant.
import type { CollaboratorsResponse } from '@grantbridge/contract/grants';
import { api } from '../../../lib/api-client';

export const matchingKeys = {
  collaborators: (grantId: string) => ['grants', 'collaborators', grantId] as const,
};

export async function getCollaborators(id: string, signal?: AbortSignal): Promise<CollaboratorsResponse> {
  return api.call('GET /api/v1/grants/:id/collaborators', { params: { id }, signal });
}

export async function getRecommendedResearchers(limit: number, signal?: AbortSignal) {
  return (await api.call('GET /api/v1/researchers/recommended', { query: { limit }, signal })).results;
}
