import { useQuery } from '@tanstack/react-query';
import { collaboratorsQuery } from '../api/matching-api';

export function useCollaborators(grantId: string) {
  return useQuery(collaboratorsQuery(grantId));
}
