// Keeps the messaging caches live while the Messages page is open: applies
// socket events to the conversation list and histories, and after a
// reconnect (or a server `resync`) refetches whatever may have been missed.
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '@grantbridge/contract/messaging';
import type { ServerEvent } from '@grantbridge/contract/realtime-events';
import { isApiError } from '../../../lib/api-client';
import { getRealtimeClient } from '../../../lib/realtime-client';
import { refetchIfInFlight } from '../../../lib/refetch-if-in-flight';
import { getMessagesAfter, messagingKeys } from '../api/messaging-api';
import {
  applyMembers,
  applyMessage,
  applyPresence,
  applyRead,
  removeConversation,
  upsertConversation,
} from '../utils/conversation-list';
import { lastSeqOf, mergeMessages, type MessagePages } from '../utils/message-pages';
import { pendingStore } from '../utils/pending-store';
import { typingStore } from '../utils/typing-store';
import { useMarkRead } from './use-mark-read';

type Options = {
  userId: string;
  /** The conversation on screen, if any. */
  openId: string | null;
  /** The user left the open conversation (in another tab). */
  onOpenConversationGone: () => void;
};

const isVisible = () => document.visibilityState === 'visible';

/** Writes a message into its conversation's history and the list. */
export function storeMessage(
  queryClient: QueryClient,
  message: Message,
  who: { userId: string; openId: string | null },
): void {
  const history = messagingKeys.messages(message.conversationId);
  if (queryClient.getQueryData<MessagePages>(history)) {
    // Merged into what is there. A page of older messages on its way is left to arrive; a refetch of the
    // history (a request just accepted, an invitation's history shared) may have been read before this
    // message and would erase it: fetched again.
    queryClient.setQueryData<MessagePages>(history, (data) => (data ? mergeMessages(data, [message]) : data));
    if (!queryClient.getQueryState(history)?.fetchMeta?.fetchMore) refetchIfInFlight(queryClient, history);
  } else {
    // The history's first page may be on its way, read before this message.
    refetchIfInFlight(queryClient, history);
  }
  const list = queryClient.getQueryData<Conversation[]>(messagingKeys.conversations);
  if (!list) {
    refetchIfInFlight(queryClient, messagingKeys.conversations);
    return;
  }
  const next = applyMessage(list, message, who);
  if (next) {
    queryClient.setQueryData(messagingKeys.conversations, next);
    refetchIfInFlight(queryClient, messagingKeys.conversations);
  } else void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
}

/** Fetches the messages newer than the last cached one, page after page. */
async function catchUp(queryClient: QueryClient, conversationId: string): Promise<void> {
  const key = messagingKeys.messages(conversationId);
  let after = lastSeqOf(queryClient.getQueryData<MessagePages>(key));
  if (after === 0) {
    await queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  for (let round = 0; round < 50; round++) {
    const page = await getMessagesAfter(conversationId, after);
    queryClient.setQueryData<MessagePages>(key, (data) =>
      data ? mergeMessages(data, page.messages) : data,
    );
    if (!page.hasMore || page.messages.length === 0) return;
    after = Math.max(...page.messages.map((m) => m.seq));
  }
}

function resync(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
  const cached = queryClient.getQueryCache().findAll({ queryKey: messagingKeys.messagesAll });
  for (const query of cached) {
    const conversationId = query.queryKey[2];
    if (typeof conversationId !== 'string') continue;
    if (query.getObserversCount() === 0) {
      // Not on screen: load afresh when opened rather than patch a history with holes.
      queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    catchUp(queryClient, conversationId).catch((error: unknown) => {
      if (isApiError(error, 'not_found')) {
        queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
      }
      // Otherwise the next reconnect or resync tries again.
    });
  }
}

export function useMessagingRealtime({ userId, openId, onOpenConversationGone }: Options): void {
  const queryClient = useQueryClient();
  const markRead = useMarkRead();
  const latest = useRef({ userId, openId, onOpenConversationGone, markRead });
  useEffect(() => {
    latest.current = { userId, openId, onOpenConversationGone, markRead };
  });

  useEffect(() => {
    const client = getRealtimeClient();
    const handle = (event: ServerEvent) => {
      const { userId: me, openId: open } = latest.current;
      const setList = (update: (list: Conversation[]) => Conversation[]) => {
        queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
          list ? update(list) : list,
        );
        refetchIfInFlight(queryClient, messagingKeys.conversations);
      };
      switch (event.type) {
        case 'message.created': {
          const message = event.data;
          typingStore.stopped(message.conversationId, message.senderId);
          if (message.senderId === me) pendingStore.remove(message.clientId);
          const looking = open === message.conversationId && isVisible();
          storeMessage(queryClient, message, { userId: me, openId: looking ? open : null });
          if (looking && message.senderId !== me) latest.current.markRead(message.conversationId);
          break;
        }
        case 'conversation.created': {
          const before = queryClient
            .getQueryData<Conversation[]>(messagingKeys.conversations)
            ?.find((c) => c.id === event.data.id);
          setList((list) => upsertConversation(list, event.data));
          // An invitation accepted, or the history shared or not: what may be read has changed.
          if (before && (before.historyShared !== event.data.historyShared || before.request?.state !== event.data.request?.state)) {
            void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(event.data.id) });
          }
          break;
        }
        case 'conversation.updated':
          setList((list) => applyMembers(list, event.data.conversationId, event.data.members, event.data.invited));
          break;
        case 'conversation.left':
          setList((list) => removeConversation(list, event.data.conversationId));
          queryClient.removeQueries({
            queryKey: messagingKeys.messages(event.data.conversationId),
          });
          if (open === event.data.conversationId) latest.current.onOpenConversationGone();
          break;
        case 'conversation.read':
          if (event.data.userId === me) {
            setList((list) => applyRead(list, event.data.conversationId, event.data.lastReadSeq));
          }
          break;
        case 'presence.changed':
          setList((list) => applyPresence(list, event.data.userId, event.data.online));
          break;
        case 'typing':
          if (event.data.userId !== me) {
            typingStore.started(event.data.conversationId, event.data.userId, event.data.name);
          }
          break;
        case 'resync':
          resync(queryClient);
          break;
        default:
          // pong and refused-frame errors need nothing from the page.
          break;
      }
    };
    const unsubscribe = client.subscribe(handle);
    const release = client.retain();
    // A socket kept open across a quick remount had nobody listening for a moment.
    if (client.getState() === 'open') resync(queryClient);
    return () => {
      unsubscribe();
      release();
    };
  }, [queryClient]);

  // Coming back to the tab reads what arrived in the open conversation meanwhile.
  useEffect(() => {
    const onVisible = () => {
      const { openId: open, markRead } = latest.current;
      if (!open || !isVisible()) return;
      const list = queryClient.getQueryData<Conversation[]>(messagingKeys.conversations);
      if (list?.find((c) => c.id === open && c.unreadCount > 0)) markRead(open);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [queryClient]);
}
