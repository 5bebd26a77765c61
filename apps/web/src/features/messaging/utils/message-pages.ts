// The message history cache: pages of an infinite query, each newest first;
// page 0 is the newest and takes live and caught-up messages.
import type { InfiniteData } from '@tanstack/react-query';
import type { Message } from '@grantbridge/contract/messaging';
import type { MessagePage } from '../api/messaging-api';

export type MessagePages = InfiniteData<MessagePage>;

/** Adds messages not already cached (by id or clientId) to the newest page. */
export function mergeMessages(data: MessagePages, incoming: Message[]): MessagePages {
  const known = new Set<string>();
  for (const page of data.pages) {
    for (const m of page.messages) {
      known.add(m.id);
      known.add(`c:${m.senderId}:${m.clientId}`);
    }
  }
  const fresh = incoming.filter(
    (m) => !known.has(m.id) && !known.has(`c:${m.senderId}:${m.clientId}`),
  );
  if (fresh.length === 0) return data;
  const [first, ...rest] = data.pages;
  const newest: MessagePage = {
    hasMore: first?.hasMore ?? false,
    messages: [...fresh, ...(first?.messages ?? [])].sort((a, b) => b.seq - a.seq),
  };
  return { ...data, pages: [newest, ...rest] };
}

/** Oldest first, for display. */
export function flattenMessages(data: MessagePages | undefined): Message[] {
  if (!data) return [];
  const out: Message[] = [];
  for (let p = data.pages.length - 1; p >= 0; p--) {
    const page = data.pages[p]!;
    for (let i = page.messages.length - 1; i >= 0; i--) out.push(page.messages[i]!);
  }
  return out;
}

/** The highest seq cached, 0 when none. */
export function lastSeqOf(data: MessagePages | undefined): number {
  let max = 0;
  for (const page of data?.pages ?? []) for (const m of page.messages) max = Math.max(max, m.seq);
  return max;
}
