import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchGrants, searchKeys } from '../api/search-api';
import {
  matchProfileByDefault,
  ownSearch,
  readSearchState,
  toApiQuery,
  type SearchState,
} from '../utils/search-state';

/** GET /grants/search for a search. */
export function grantSearchQuery(state: SearchState) {
  const query = toApiQuery(state);
  return queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => searchGrants(query, signal),
    staleTime: 30_000,
  });
}

/** The results an address's search shows `user` (the route starts it while the page loads, decision 051). */
export function grantSearchQueryFor(params: URLSearchParams, user: { id: string; role: string }) {
  return grantSearchQuery(
    ownSearch(readSearchState(params, matchProfileByDefault(user.role)), user),
  );
}

/** The results panel always shows GET /grants/search for the URL's search, follow-up refinements included. */
export function useGrantSearch(state: SearchState) {
  return useQuery({ ...grantSearchQuery(state), placeholderData: keepPreviousData });
}
