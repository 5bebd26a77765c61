import { useQuery } from '@tanstack/react-query';
import { getCollaborators, matchingKeys } from '../api/matching-api';

export function useCollaborators(grantId: string) {
  return useQuery({
    queryKey: matchingKeys.collaborators(grantId),
    queryFn: ({ signal }) => getCollaborators(grantId, signal),
    staleTime: 5 * 60_000,
  });
}
