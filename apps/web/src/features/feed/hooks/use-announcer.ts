// What changed on the feed, for a polite live region: each sentence is added
// (so two events close together are both read out) and removed again after a
// while, so the region never grows long.
import { useCallback, useEffect, useRef, useState } from 'react';

export type Announcement = { id: number; text: string };

const keepMs = 10_000;

export function useAnnouncer(): [messages: Announcement[], announce: (text: string) => void] {
  const [messages, setMessages] = useState<Announcement[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<number>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);
  const announce = useCallback((text: string) => {
    const id = nextId.current++;
    setMessages((list) => [...list.slice(-4), { id, text }]);
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      setMessages((list) => list.filter((m) => m.id !== id));
    }, keepMs);
    timers.current.add(timer);
  }, []);
  return [messages, announce];
}
