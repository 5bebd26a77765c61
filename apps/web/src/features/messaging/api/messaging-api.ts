// Messaging's REST calls and their cache keys. Live updates come over the
// realtime socket and are written into the same caches.
import type { EndpointBody, EndpointResponse } from '@grantbridge/contract/endpoints';
import type {
  Conversation,
  CreateConversationRequest,
  Message,
  Person,
} from '@grantbridge/contract/messaging';
import { api } from '../../../lib/api-client';

export const messagesPageSize = 50;

export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: ['messaging', 'conversations'] as const,
  messages: (conversationId: string) => ['messaging', 'messages', conversationId] as const,
  messagesAll: ['messaging', 'messages'] as const,
  people: (q: string) => ['messaging', 'people', q] as const,
};

export type MessagePage = EndpointResponse<'messages'>;

export async function getConversations(signal?: AbortSignal): Promise<Conversation[]> {
  const body = await api.call('GET /api/v1/conversations', { signal });
  return body.conversations;
}

export async function createConversation(body: CreateConversationRequest): Promise<Conversation> {
  const result = await api.call('POST /api/v1/conversations', { body });
  return result.conversation;
}

/** Newest first; `before` pages back through older messages. */
export function getMessagesBefore(
  conversationId: string,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return api.call('GET /api/v1/conversations/:id/messages', {
    params: { id: conversationId },
    query: { before, limit: messagesPageSize },
    signal,
  });
}

/** Oldest first, newer than `after`: catching up after a dropped connection. */
export function getMessagesAfter(conversationId: string, after: number): Promise<MessagePage> {
  return api.call('GET /api/v1/conversations/:id/messages', {
    params: { id: conversationId },
    query: { after, limit: 100 },
  });
}

export async function sendMessage(
  conversationId: string,
  body: EndpointBody<'sendMessage'>,
): Promise<Message> {
  const result = await api.call('POST /api/v1/conversations/:id/messages', {
    params: { id: conversationId },
    body,
  });
  return result.message;
}

export function markRead(conversationId: string): Promise<EndpointResponse<'markRead'>> {
  return api.call('POST /api/v1/conversations/:id/read', { params: { id: conversationId } });
}

export async function addMembers(
  conversationId: string,
  memberIds: string[],
): Promise<Conversation> {
  const result = await api.call('POST /api/v1/conversations/:id/members', {
    params: { id: conversationId },
    body: { memberIds },
  });
  return result.conversation;
}

export async function leaveConversation(conversationId: string): Promise<void> {
  await api.call('DELETE /api/v1/conversations/:id/members/me', { params: { id: conversationId } });
}

export async function searchPeople(q: string, signal?: AbortSignal): Promise<Person[]> {
  const body = await api.call('GET /api/v1/users', { query: { q }, signal });
  return body.users;
}

/** The recipient's answer to a message request. */
export async function answerRequest(
  conversationId: string,
  answer: 'accept' | 'decline',
): Promise<Conversation> {
  const result =
    answer === 'accept'
      ? await api.call('POST /api/v1/conversations/:id/accept', { params: { id: conversationId } })
      : await api.call('POST /api/v1/conversations/:id/decline', {
          params: { id: conversationId },
        });
  return result.conversation;
}

/** The owner's choice: whether people who join see the earlier messages. */
export async function setHistoryShared(conversationId: string, historyShared: boolean): Promise<Conversation> {
  const result = await api.call('PATCH /api/v1/conversations/:id', {
    params: { id: conversationId },
    body: { historyShared },
  });
  return result.conversation;
}

export async function reportConversation(conversationId: string, reason: string): Promise<void> {
  await api.call('POST /api/v1/conversations/:id/report', {
    params: { id: conversationId },
    body: { reason },
  });
}

export async function blockPerson(userId: string): Promise<void> {
  await api.call('PUT /api/v1/blocks/:userId', { params: { userId } });
}

export async function unblockPerson(userId: string): Promise<void> {
  await api.call('DELETE /api/v1/blocks/:userId', { params: { userId } });
}
