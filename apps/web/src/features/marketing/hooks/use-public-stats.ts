import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { getPublicStats } from '../api/get-public-stats';

export function usePublicStats() {
  return useQuery({
    queryKey: queryKeys.publicStats,
    queryFn: ({ signal }) => getPublicStats(signal),
    staleTime: 5 * 60_000,
  });
}
