// Messaging's REST calls and their cache keys. Live updates come over the
// realtime socket and are written into the same caches.
import type {
  Conversation,
  ConversationType,
  Message,
  Person,
} from '@grantbridge/contract/messaging';
import { apiPaths } from '@grantbridge/contract/paths';
import { api } from '../../../lib/api-client';

export const messagesPageSize = 50;

export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: ['messaging', 'conversations'] as const,
  messages: (conversationId: string) => ['messaging', 'messages', conversationId] as const,
  messagesAll: ['messaging', 'messages'] as const,
  people: (q: string) => ['messaging', 'people', q] as const,
};

export type MessagePage = { messages: Message[]; hasMore: boolean };

export async function getConversations(signal?: AbortSignal): Promise<Conversation[]> {
  const body = await api.get<{ conversations: Conversation[] }>(apiPaths.conversations, { signal });
  return body.conversations;
}

export async function createConversation(body: {
  type: ConversationType;
  memberIds: string[];
  name?: string;
}): Promise<Conversation> {
  const result = await api.post<{ conversation: Conversation }>(apiPaths.conversations, body);
  return result.conversation;
}

/** Newest first; `before` pages back through older messages. */
export function getMessagesBefore(
  conversationId: string,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return api.get<MessagePage>(apiPaths.conversationMessages(conversationId), {
    query: { before, limit: messagesPageSize },
    signal,
  });
}

/** Oldest first, newer than `after`: catching up after a dropped connection. */
export function getMessagesAfter(conversationId: string, after: number): Promise<MessagePage> {
  return api.get<MessagePage>(apiPaths.conversationMessages(conversationId), {
    query: { after, limit: 100 },
  });
}

export async function sendMessage(
  conversationId: string,
  body: { content: string; clientId: string },
): Promise<Message> {
  const result = await api.post<{ message: Message }>(
    apiPaths.conversationMessages(conversationId),
    body,
  );
  return result.message;
}

export function markRead(
  conversationId: string,
): Promise<{ conversationId: string; lastReadSeq: number }> {
  return api.post(apiPaths.conversationRead(conversationId), {});
}

export async function addMembers(
  conversationId: string,
  memberIds: string[],
): Promise<Conversation> {
  const result = await api.post<{ conversation: Conversation }>(
    apiPaths.conversationMembers(conversationId),
    { memberIds },
  );
  return result.conversation;
}

export async function leaveConversation(conversationId: string): Promise<void> {
  await api.delete<{ ok: true }>(apiPaths.conversationLeave(conversationId));
}

export async function searchPeople(q: string, signal?: AbortSignal): Promise<Person[]> {
  const body = await api.get<{ users: Person[] }>(apiPaths.users, { query: { q }, signal });
  return body.users;
}
