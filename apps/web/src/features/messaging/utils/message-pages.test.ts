// The history cache: merging without duplicates, and where catching up starts.
import { describe, expect, it } from 'vitest';
import type { Message } from '@grantbridge/contract/messaging';
import { lastSeqOf, mergeMessages, type MessagePages } from './message-pages';

const message = (seq: number, clientId = `c${seq}`): Message => ({
  id: `m${seq}`,
  conversationId: 'conv',
  seq,
  senderId: 'u1',
  senderName: 'Ada',
  content: `message ${seq}`,
  grant: null,
  clientId,
  createdAt: new Date(Date.UTC(2026, 10, 23, 0, seq)).toISOString(),
});

const pages = (...groups: number[][]): MessagePages => ({
  pages: groups.map((seqs) => ({ messages: seqs.map((s) => message(s)), hasMore: false })),
  pageParams: groups.map((_, i) => i),
});

describe('catching up', () => {
  it('starts after the newest message when the history is unbroken', () => {
    expect(lastSeqOf(pages([12, 11, 10], [9, 8]))).toBe(12);
    expect(lastSeqOf(undefined)).toBe(0);
    expect(lastSeqOf(pages([]))).toBe(0);
  });

  it('starts before a gap: one’s own message sent on reconnecting does not hide the ones missed', () => {
    // 11 and 12 were sent while this tab was offline; 13 is its own, stored on reconnecting.
    const cached = mergeMessages(pages([10, 9]), [message(13)]);
    expect(lastSeqOf(cached)).toBe(10);
    const caughtUp = mergeMessages(cached, [message(11), message(12), message(13)]);
    expect(caughtUp.pages[0]!.messages.map((m) => m.seq)).toEqual([13, 12, 11, 10, 9]);
    expect(lastSeqOf(caughtUp)).toBe(13);
  });

  it('never adds a message twice, by id or by the sender’s client id', () => {
    const once = mergeMessages(pages([2, 1]), [message(2), { ...message(3), id: 'other', clientId: 'c1' }]);
    expect(once.pages[0]!.messages.map((m) => m.seq)).toEqual([2, 1]);
  });
});
