// The research office's review queue: the institution's applications waiting
// in internal review (soonest sponsor deadline first), a page at a time, and
// how many wait. A step taken on one (use-application.ts) refreshes both.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { applicationKeys, getInstitutionApplications } from '../api/applications-api';

const waiting = { status: 'internal_review' } as const;
const pageSize = 20;

export function useReviewQueue() {
  return useInfiniteQuery({
    queryKey: [...applicationKeys.institution(waiting), 'queue'],
    queryFn: ({ pageParam, signal }) =>
      getInstitutionApplications({ ...waiting, page: pageParam, pageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
  });
}

/** How many applications wait for the office (undefined until known). */
export function useReviewQueueCount(): number | undefined {
  const count = useQuery({
    queryKey: [...applicationKeys.institution(waiting), 'count'],
    queryFn: ({ signal }) => getInstitutionApplications({ ...waiting, pageSize: 1 }, signal),
    select: (data) => data.total,
  });
  return count.data;
}
