// The application's support data, shared by its award details and its team's effort.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationSupportResponse } from '@grantbridge/contract/current-pending';
import { currentPendingKeys, getApplicationSupport } from '../api/current-pending-api';

export function useApplicationSupport(id: string) {
  return useQuery({ queryKey: currentPendingKeys.application(id), queryFn: ({ signal }) => getApplicationSupport(id, signal) });
}

/** Stores an answer of an edit as the application's support data; my document is read again next time. */
export function useSupportSaved(id: string) {
  const queryClient = useQueryClient();
  return (data: ApplicationSupportResponse) => {
    queryClient.setQueryData(currentPendingKeys.application(id), data);
    void queryClient.invalidateQueries({ queryKey: currentPendingKeys.mine, exact: true });
  };
}

/** Scrolls to the element of `hash` once it is on the page (the profile's "fix" links land here). */
export function scrollToHash(hash: string, id: string) {
  if (hash === `#${id}`) requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
}
