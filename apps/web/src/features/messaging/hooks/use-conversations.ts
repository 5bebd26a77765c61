import { useQuery } from '@tanstack/react-query';
import { getConversations, messagingKeys } from '../api/messaging-api';

/** The user's conversations; realtime events keep the cache current. */
export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: messagingKeys.conversations,
    queryFn: ({ signal }) => getConversations(signal),
    staleTime: Infinity,
    enabled,
  });
}
