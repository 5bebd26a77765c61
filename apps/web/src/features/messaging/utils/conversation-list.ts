// Pure updates of the cached conversation list, driven by realtime events.
import type {
  Conversation,
  ConversationMember,
  ConversationType,
  Message,
} from '@grantbridge/contract/messaging';

const activity = (c: Conversation) => c.lastMessageAt ?? c.createdAt;

/** Most recently active first, as the server lists them. */
export function sortConversations(list: Conversation[]): Conversation[] {
  return [...list].sort((a, b) => activity(b).localeCompare(activity(a)));
}

export function upsertConversation(
  list: Conversation[],
  conversation: Conversation,
): Conversation[] {
  const rest = list.filter((c) => c.id !== conversation.id);
  return sortConversations([conversation, ...rest]);
}

export function removeConversation(list: Conversation[], id: string): Conversation[] {
  return list.filter((c) => c.id !== id);
}

/**
 * A new message: it becomes the last message; it counts as unread unless it
 * is the user's own or the user is looking at that conversation.
 */
export function applyMessage(
  list: Conversation[],
  message: Message,
  { userId, openId }: { userId: string; openId: string | null },
): Conversation[] | null {
  const target = list.find((c) => c.id === message.conversationId);
  if (!target) return null;
  if (target.lastMessage && target.lastMessage.seq >= message.seq) return list;
  const mine = message.senderId === userId;
  const seen = mine || openId === message.conversationId;
  const updated: Conversation = {
    ...target,
    lastMessage: message,
    lastMessageAt: message.createdAt,
    unreadCount: seen ? 0 : target.unreadCount + 1,
    lastReadSeq: seen ? message.seq : target.lastReadSeq,
  };
  return upsertConversation(list, updated);
}

/** The user read a conversation up to lastReadSeq (here or in another tab). */
export function applyRead(
  list: Conversation[],
  conversationId: string,
  lastReadSeq: number,
): Conversation[] {
  return list.map((c) => {
    if (c.id !== conversationId || lastReadSeq < c.lastReadSeq) return c;
    const caughtUp = !c.lastMessage || lastReadSeq >= c.lastMessage.seq;
    return { ...c, lastReadSeq, unreadCount: caughtUp ? 0 : c.unreadCount };
  });
}

export function applyPresence(
  list: Conversation[],
  userId: string,
  online: boolean,
): Conversation[] {
  let changed = false;
  const next = list.map((c) => {
    if (!c.members.some((m) => m.id === userId && m.online !== online)) return c;
    changed = true;
    return { ...c, members: c.members.map((m) => (m.id === userId ? { ...m, online } : m)) };
  });
  return changed ? next : list;
}

export function applyMembers(
  list: Conversation[],
  conversationId: string,
  members: ConversationMember[],
  invited?: ConversationMember[],
): Conversation[] {
  return list.map((c) => (c.id === conversationId ? { ...c, members, invited: invited ?? c.invited } : c));
}

export const conversationGroups: { type: ConversationType; label: string }[] = [
  { type: 'direct', label: 'Direct Messages' },
  { type: 'team', label: 'Teams' },
  { type: 'group', label: 'Groups' },
];

/** The other person of a direct conversation. */
export function otherMember(
  conversation: Conversation,
  userId: string,
): ConversationMember | undefined {
  return conversation.members.find((m) => m.id !== userId) ?? conversation.members[0];
}

/** Direct chats are named after the other person; groups and teams by their name. */
export function conversationTitle(conversation: Conversation, userId: string): string {
  if (conversation.type === 'direct')
    return otherMember(conversation, userId)?.name ?? 'Direct message';
  if (conversation.name) return conversation.name;
  return (
    conversation.members
      .filter((m) => m.id !== userId)
      .map((m) => m.name)
      .join(', ') || 'Conversation'
  );
}
