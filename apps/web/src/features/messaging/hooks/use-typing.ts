import { useCallback, useRef, useSyncExternalStore } from 'react';
import { getRealtimeClient } from '../../../lib/realtime-client';
import { typingStore, type Typist } from '../utils/typing-store';

const none: Typist[] = [];
/** How often a typing signal goes out while someone keeps typing. */
const typingSignalEveryMs = 3_000;

/** Who else is typing in this conversation. */
export function useTypists(conversationId: string): Typist[] {
  const all = useSyncExternalStore(typingStore.subscribe, typingStore.getSnapshot);
  return all[conversationId] ?? none;
}

/** Tells the others "typing" at most every few seconds while the user types. */
export function useTypingSignal(conversationId: string): () => void {
  const lastSent = useRef<{ id: string; at: number }>({ id: '', at: 0 });
  return useCallback(() => {
    const now = Date.now();
    const last = lastSent.current;
    if (last.id === conversationId && now - last.at < typingSignalEveryMs) return;
    if (getRealtimeClient().send({ type: 'typing', data: { conversationId } })) {
      lastSent.current = { id: conversationId, at: now };
    }
  }, [conversationId]);
}
