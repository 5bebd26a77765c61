import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { getCollaborators, getGrant, grantKeys } from '../api/grants-api';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Grant ids are UUIDs: anything else is no grant, and needs no request to say so. */
export function isGrantId(id: string): boolean {
  return uuid.test(id);
}

export function useGrant(id: string) {
  return useQuery({
    queryKey: grantKeys.detail(id),
    queryFn: ({ signal }) => getGrant(id, signal),
    enabled: isGrantId(id),
    // A grant that does not exist will not appear on a retry.
    retry: (count, error) => !isApiError(error, 'not_found') && !isApiError(error, 'validation_failed') && count < 2,
  });
}

export function useCollaborators(id: string, enabled: boolean) {
  return useQuery({
    queryKey: grantKeys.collaborators(id),
    queryFn: ({ signal }) => getCollaborators(id, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
