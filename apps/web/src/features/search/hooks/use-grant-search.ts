import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchGrants, searchKeys } from '../api/search-api';
import { toApiQuery, type SearchState } from '../utils/search-state';

/** The results panel always shows GET /grants/search for the URL's search, follow-up refinements included. */
export function useGrantSearch(state: SearchState) {
  const query = toApiQuery(state);
  return useQuery({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => searchGrants(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
