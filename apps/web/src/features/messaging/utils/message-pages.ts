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

/**
 * Where catching up starts: the last seq of the unbroken run from the oldest
 * cached message, 0 when none. Not simply the highest: a message of one's own
 * sent the moment the connection came back can be cached before the ones
 * missed while it was down, and catching up from it would skip them. (A seq
 * the server never used only costs a re-read of what is already cached.)
 */
export function lastSeqOf(data: MessagePages | undefined): number {
  const seqs: number[] = [];
  for (const page of data?.pages ?? []) for (const m of page.messages) seqs.push(m.seq);
  if (seqs.length === 0) return 0;
  seqs.sort((a, b) => a - b);
  let last = seqs[0]!;
  for (const seq of seqs) {
    if (seq > last + 1) break;
    last = seq;
  }
  return last;
}
