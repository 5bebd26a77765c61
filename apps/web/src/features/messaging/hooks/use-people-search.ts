import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { messagingKeys, searchPeople } from '../api/messaging-api';

/** People to message, searched by name or e-mail as the user types. */
export function usePeopleSearch(text: string, enabled = true) {
  const q = useDebouncedValue(text.trim(), 250);
  return useQuery({
    queryKey: messagingKeys.people(q),
    queryFn: ({ signal }) => searchPeople(q, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
