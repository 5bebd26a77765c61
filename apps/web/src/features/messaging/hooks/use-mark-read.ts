import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@grantbridge/contract/messaging';
import { markRead, messagingKeys } from '../api/messaging-api';
import { applyRead } from '../utils/conversation-list';

/** Marks a conversation read: the badge drops to 0 at once, the server follows. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useCallback(
    (conversationId: string) => {
      const list = queryClient.getQueryData<Conversation[]>(messagingKeys.conversations);
      const target = list?.find((c) => c.id === conversationId);
      if (list && target) {
        queryClient.setQueryData<Conversation[]>(
          messagingKeys.conversations,
          applyRead(list, conversationId, target.lastMessage?.seq ?? target.lastReadSeq),
        );
      }
      markRead(conversationId)
        .then(({ lastReadSeq }) =>
          queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (current) =>
            current ? applyRead(current, conversationId, lastReadSeq) : current,
          ),
        )
        // A missed read marker only leaves a badge; the next open tries again.
        .catch(() => undefined);
    },
    [queryClient],
  );
}
