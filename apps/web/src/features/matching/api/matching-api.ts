// Recommended collaborators for a grant.
import { queryOptions } from '@tanstack/react-query';
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

/** A grant's recommended collaborators (the route starts it while the page loads). */
export const collaboratorsQuery = (grantId: string) =>
  queryOptions({
    queryKey: matchingKeys.collaborators(grantId),
    queryFn: ({ signal }) => getCollaborators(grantId, signal),
    staleTime: 5 * 60_000,
  });

/** The researcher home's Recommended Researchers (the route starts it while the page loads). */
export const recommendedResearchersQuery = queryOptions({
  queryKey: ['researchers', 'recommended', 5],
  queryFn: ({ signal }) => getRecommendedResearchers(5, signal),
});
