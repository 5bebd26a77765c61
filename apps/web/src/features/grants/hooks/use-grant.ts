import { queryOptions, useQuery } from '@tanstack/react-query';
import { isUuid } from '@grantbridge/contract/ids';
import { isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { getGrant } from '../api/grants-api';

/** Grant ids are UUIDs: anything else is no grant, and needs no request to say so. */
export function isGrantId(id: string): boolean {
  return isUuid(id);
}

/** One grant's page (the route starts it while the page loads). */
export const grantQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.grant(id),
    queryFn: ({ signal }) => getGrant(id, signal),
    enabled: isGrantId(id),
    // A grant that does not exist will not appear on a retry.
    retry: (count, error) => !isApiError(error, 'not_found') && !isApiError(error, 'validation_failed') && count < 2,
  });

export function useGrant(id: string) {
  return useQuery(grantQuery(id));
}
