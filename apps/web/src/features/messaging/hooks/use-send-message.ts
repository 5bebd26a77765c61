// Sending: the message shows at once as pending, network failures are retried
// with the same clientId (the server stores it once), and a message that
// still fails stays on screen with a Retry button; one that failed for want of
// a connection is sent again by itself when the connection comes back.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { isApiError } from '../../../lib/api-client';
import { getRealtimeClient } from '../../../lib/realtime-client';
import { sendMessage } from '../api/messaging-api';
import { pendingStore, type PendingMessage } from '../utils/pending-store';
import { storeMessage } from './use-messaging-realtime';

const retryDelaysMs = [1_000, 3_000];
const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** The server refused the message itself (4xx): trying again unchanged would not help. */
const isRefusal = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500;

function failureText(error: unknown): string {
  if (isApiError(error, 'rate_limited')) return 'Not sent: you are sending messages too fast.';
  if (isRefusal(error) && isApiError(error)) {
    return error.errors[0]?.message || error.detail || error.message;
  }
  return 'Not sent. Check your connection and try again.';
}

/** A random id; randomUUID needs a secure context, so plain-http hosts get the same shape by hand. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function usePendingMessages(conversationId: string): PendingMessage[] {
  const all = useSyncExternalStore(pendingStore.subscribe, pendingStore.getSnapshot);
  return all.filter((p) => p.conversationId === conversationId);
}

export function useSendMessage(userId: string) {
  const queryClient = useQueryClient();

  const deliver = useCallback(
    async (clientId: string) => {
      const pending = pendingStore.get(clientId);
      if (!pending) return;
      pendingStore.update(clientId, { status: 'sending', error: undefined, resendWhenOnline: false });
      let lastError: unknown;
      for (let attempt = 0; attempt <= retryDelaysMs.length; attempt++) {
        try {
          const message = await sendMessage(pending.conversationId, {
            content: pending.content,
            clientId,
          });
          storeMessage(queryClient, message, { userId, openId: message.conversationId });
          pendingStore.remove(clientId);
          return;
        } catch (error) {
          lastError = error;
          if (isRefusal(error)) break;
          // A message the socket already delivered needs no more tries.
          if (!pendingStore.get(clientId)) return;
          const delay = retryDelaysMs[attempt];
          if (delay !== undefined) await wait(delay);
        }
      }
      if (!pendingStore.get(clientId)) return;
      if (isApiError(lastError, 'rate_limited')) {
        toast.error('You are sending messages too fast', { id: 'messages-too-fast' });
      }
      pendingStore.update(clientId, {
        status: 'failed',
        error: failureText(lastError),
        resendWhenOnline: !isRefusal(lastError),
      });
    },
    [queryClient, userId],
  );

  // The socket opening again (it resyncs each time) or the browser going back
  // online means the way to the server is open: what failed for want of it goes again.
  useEffect(() => {
    const resendFailed = () => {
      for (const p of pendingStore.getSnapshot()) {
        if (p.status === 'failed' && p.resendWhenOnline) void deliver(p.clientId);
      }
    };
    const unsubscribe = getRealtimeClient().subscribe((event) => {
      if (event.type === 'resync') resendFailed();
    });
    window.addEventListener('online', resendFailed);
    return () => {
      unsubscribe();
      window.removeEventListener('online', resendFailed);
    };
  }, [deliver]);

  const send = useCallback(
    (conversationId: string, content: string) => {
      const clientId = newClientId();
      pendingStore.add({
        clientId,
        conversationId,
        content,
        createdAt: new Date().toISOString(),
        status: 'sending',
      });
      void deliver(clientId);
    },
    [deliver],
  );

  const retry = useCallback((clientId: string) => void deliver(clientId), [deliver]);
  const discard = useCallback((clientId: string) => pendingStore.remove(clientId), []);

  return { send, retry, discard };
}
