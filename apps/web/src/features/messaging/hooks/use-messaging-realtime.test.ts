// A live message that arrives while the conversation list, or the open
// conversation's history, is being fetched: the fetch's answer may have been
// read before the message was stored, so it must not be the last word (the
// list would show one unread too few until the next reload; the history would
// lose the answer to a request just accepted). Real TanStack Query caches,
// with the server's answers held back and released by hand.
import { afterEach, describe, expect, it } from 'vitest';
import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Conversation, Message } from '@grantbridge/contract/messaging';
import { messagingKeys, type MessagePage } from '../api/messaging-api';
import { flattenMessages, type MessagePages } from '../utils/message-pages';
import { storeMessage } from './use-messaging-realtime';

const me = 'u-me';

const conversation = (unreadCount: number, lastSeq: number): Conversation => ({
  id: 'c1',
  type: 'group',
  name: 'Soil carbon',
  grantId: null,
  members: [],
  unreadCount,
  lastReadSeq: 0,
  lastMessage: lastSeq > 0 ? message(lastSeq) : null,
  lastMessageAt: lastSeq > 0 ? message(lastSeq).createdAt : null,
  createdAt: '2026-03-01T09:00:00.000Z',
  request: null,
  invited: [],
  invitedBy: null,
  ownerId: null,
  historyShared: false,
  earlierHidden: false,
});

function message(seq: number): Message {
  return {
    id: `m${seq}`,
    conversationId: 'c1',
    seq,
    senderId: 'u-ada',
    senderName: 'Ada Lovelace',
    content: `message ${seq}`,
    grant: null,
    clientId: `c${seq}`,
    createdAt: `2026-03-0${seq}T10:00:00.000Z`,
  };
}

/** The server: each request reads the state as it is when the request arrives, and answers when released. */
function heldServer() {
  const state = { messages: 0 };
  const pending: Array<() => void> = [];
  const fetchList = () =>
    new Promise<Conversation[]>((resolve) => {
      const snapshot = [conversation(state.messages, state.messages)];
      pending.push(() => resolve(snapshot));
    });
  return { state, pending, fetchList };
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('a live message while the list loads', () => {
  it('fetches the list again, so the answer read before the message does not erase it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const server = heldServer();
    // The sidebar watching the list, as on the Messages page.
    const observer = new QueryObserver(queryClient, {
      queryKey: messagingKeys.conversations,
      queryFn: server.fetchList,
    });
    stop = observer.subscribe(() => undefined);
    expect(server.pending).toHaveLength(1);

    // The message is stored on the server after the first request read it, and arrives live.
    server.state.messages = 1;
    storeMessage(queryClient, message(1), { userId: me, openId: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.pending, 'a second request, read after the message').toHaveLength(2);

    for (const release of server.pending) release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await queryClient.getQueryCache().find({ queryKey: messagingKeys.conversations })?.promise;
    const list = queryClient.getQueryData<Conversation[]>(messagingKeys.conversations);
    expect(list?.[0]?.unreadCount).toBe(1);
  });

  it('does not fetch again when no request is on its way', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const server = heldServer();
    const observer = new QueryObserver(queryClient, {
      queryKey: messagingKeys.conversations,
      queryFn: server.fetchList,
      staleTime: Infinity,
    });
    stop = observer.subscribe(() => undefined);
    server.pending.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));

    storeMessage(queryClient, message(1), { userId: me, openId: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.pending).toHaveLength(0);
    expect(queryClient.getQueryData<Conversation[]>(messagingKeys.conversations)?.[0]?.unreadCount).toBe(1);
  });
});

describe('a live message while the open history is fetched again', () => {
  it('fetches the history again, so an answer read before the message (a request just accepted) does not erase it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const state = { messages: 1 };
    const pending: Array<() => void> = [];
    const fetchPage = () =>
      new Promise<MessagePage>((resolve) => {
        const snapshot = { hasMore: false, messages: Array.from({ length: state.messages }, (_, i) => message(state.messages - i)) };
        pending.push(() => resolve(snapshot));
      });
    // The open conversation's history, as useMessages keeps it.
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: messagingKeys.messages('c1'),
      queryFn: fetchPage,
      initialPageParam: undefined as number | undefined,
      getNextPageParam: () => undefined,
      staleTime: Infinity,
    });
    stop = observer.subscribe(() => undefined);
    pending.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flattenMessages(queryClient.getQueryData<MessagePages>(messagingKeys.messages('c1'))).map((m) => m.seq)).toEqual([1]);

    // The request is accepted: the history is fetched again, and read before the answer is sent.
    void queryClient.invalidateQueries({ queryKey: messagingKeys.messages('c1') });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pending).toHaveLength(1);
    state.messages = 2;
    storeMessage(queryClient, message(2), { userId: me, openId: 'c1' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pending, 'a second request, read after the message').toHaveLength(2);

    for (const release of pending) release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await queryClient.getQueryCache().find({ queryKey: messagingKeys.messages('c1') })?.promise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flattenMessages(queryClient.getQueryData<MessagePages>(messagingKeys.messages('c1'))).map((m) => m.seq)).toEqual([1, 2]);
  });
});
