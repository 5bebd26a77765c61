import { useQuery } from '@tanstack/react-query';
import type { SimilarGrant } from '@grantbridge/contract/similar-grants';
import { api } from '../../../lib/api-client';
import { isGrantId } from './use-grant';

/** How many a grant page lists. */
export const similarGrantsShown = 5;

async function getSimilarGrants(id: string, signal?: AbortSignal): Promise<SimilarGrant[]> {
  const body = await api.call('GET /api/v1/grants/:id/similar', {
    params: { id },
    query: { limit: similarGrantsShown },
    signal,
  });
  return body.similar;
}

/** "More like this": the grant's nearest open grants, each with why (decision 064). */
export function useSimilarGrants(id: string) {
  return useQuery({
    // Under the grants' key, so whatever refreshes grants refreshes these too.
    queryKey: ['grants', 'similar', id] as const,
    queryFn: ({ signal }) => getSimilarGrants(id, signal),
    enabled: isGrantId(id),
    staleTime: 5 * 60_000,
  });
}
