import { useInfiniteQuery } from '@tanstack/react-query';
import { getMessagesBefore, messagingKeys, type MessagePage } from '../api/messaging-api';

/** History of one conversation, newest page first; older pages load on demand (not while an invitation waits). */
export function useMessages(conversationId: string, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: messagingKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) => getMessagesBefore(conversationId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: MessagePage) => {
      if (!last.hasMore || last.messages.length === 0) return undefined;
      return Math.min(...last.messages.map((m) => m.seq));
    },
    // Live events and the reconnect catch-up keep it current.
    staleTime: Infinity,
  });
}
