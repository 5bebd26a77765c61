// The researcher home's suggested grants: open grants that fit the profile.
// Apart from the other calls, as the home's route starts it while the page's
// code loads (decision 051).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const suggestedKeys = { list: (limit: number) => ['grants', 'suggested', limit] as const };

export async function getSuggestedGrants(limit: number, signal?: AbortSignal) {
  return api.call('GET /api/v1/grants/suggested', { query: { limit }, signal });
}

/** The carousel's grants. */
export const suggestedGrantsQuery = (limit = 4) =>
  queryOptions({
    queryKey: suggestedKeys.list(limit),
    queryFn: ({ signal }) => getSuggestedGrants(limit, signal),
  });
