import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { getMe } from '../api/auth-api';

/** Who is signed in (the router starts it with a signed-in area's code, decision 051). */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}
