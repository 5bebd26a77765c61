// Messages on their way out: one entry per clientId through retries, and
// subscribers told of every change.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingStore, type PendingMessage } from './pending-store';

const pending = (clientId: string, patch: Partial<PendingMessage> = {}): PendingMessage => ({
  clientId,
  conversationId: 'conv',
  content: `text ${clientId}`,
  createdAt: '2026-03-04T10:00:00.000Z',
  status: 'sending',
  ...patch,
});

afterEach(() => {
  for (const message of pendingStore.getSnapshot()) pendingStore.remove(message.clientId);
});

describe('pending messages', () => {
  it('adds, updates and removes by clientId, a new snapshot each time', () => {
    pendingStore.add(pending('c1'));
    pendingStore.add(pending('c2'));
    const before = pendingStore.getSnapshot();
    expect(before.map((p) => p.clientId)).toEqual(['c1', 'c2']);

    pendingStore.update('c1', { status: 'failed', error: 'No connection', resendWhenOnline: true });
    expect(pendingStore.getSnapshot()).not.toBe(before);
    expect(pendingStore.get('c1')).toMatchObject({
      status: 'failed',
      error: 'No connection',
      resendWhenOnline: true,
    });
    expect(pendingStore.get('c2')).toMatchObject({ status: 'sending' });

    pendingStore.remove('c1');
    expect(pendingStore.getSnapshot().map((p) => p.clientId)).toEqual(['c2']);
    expect(pendingStore.get('c1')).toBeUndefined();
  });

  it('keeps one entry per clientId: a retry replaces the failed attempt', () => {
    pendingStore.add(pending('c1', { status: 'failed', error: 'Refused' }));
    pendingStore.add(pending('c1', { content: 'edited' }));
    expect(pendingStore.getSnapshot()).toEqual([pending('c1', { content: 'edited' })]);
  });

  it('tells subscribers of each change, but not of removing what is not there, and stops when asked', () => {
    const listener = vi.fn();
    const unsubscribe = pendingStore.subscribe(listener);
    pendingStore.add(pending('c1'));
    pendingStore.update('c1', { status: 'failed' });
    pendingStore.remove('missing');
    pendingStore.remove('c1');
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    pendingStore.add(pending('c2'));
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
