import { useQuery } from '@tanstack/react-query';
import type { User } from '@grantbridge/contract/auth';
import { getInstitutionResearchers, searchKeys } from '../api/search-api';

export type ResearcherOption = { id: string; name: string };

/** Whom a search can be for: an admin picks among the institution's researchers, a researcher only themselves. */
export function useResearcherOptions(user: User) {
  const isAdmin = user.role === 'admin';
  const researchers = useQuery({
    queryKey: searchKeys.researchers,
    queryFn: ({ signal }) => getInstitutionResearchers(signal),
    enabled: isAdmin,
    staleTime: 5 * 60_000,
  });
  const options: ResearcherOption[] = isAdmin
    ? (researchers.data ?? []).map((r) => ({ id: r.id, name: r.name }))
    : [{ id: user.id, name: `${user.name} (you)` }];
  return { options, isLoading: isAdmin && researchers.isPending, isError: researchers.isError };
}
