// The number of unread messages across the user's conversations, kept fresh
// by realtime events wherever the user is in the signed-in area.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@grantbridge/contract/auth';
import { queryKeys } from '../../../lib/query-keys';
import { getRealtimeClient } from '../../../lib/realtime-client';
import { messagingKeys } from '../api/messaging-api';
import { useConversations } from './use-conversations';

const refreshOn = new Set(['message.created', 'conversation.created', 'conversation.read', 'conversation.left', 'resync']);

export function useUnreadTotal(): number {
  const queryClient = useQueryClient();
  // Only while someone is signed in: signing out clears the cache before this
  // frame unmounts, and a refetch then would only earn a 401.
  const { data: me } = useQuery<User | null>({ queryKey: queryKeys.me, enabled: false });
  const { data } = useConversations({ enabled: !!me });

  useEffect(() => {
    const client = getRealtimeClient();
    const release = client.retain();
    const unsubscribe = client.subscribe((event) => {
      // The Messages page patches the list itself; elsewhere nobody does, so refetch it.
      if (!refreshOn.has(event.type)) return;
      const query = queryClient.getQueryCache().find({ queryKey: messagingKeys.conversations, exact: true });
      if (!query || query.getObserversCount() <= 1) {
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations, exact: true });
      }
    });
    return () => {
      unsubscribe();
      release();
    };
  }, [queryClient]);

  return (data ?? []).reduce((sum, c) => sum + (c.unreadCount ?? 0), 0);
}
