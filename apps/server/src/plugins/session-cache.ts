// A short-lived, per-instance memory of looked-up sessions, so a busy client
// (a chat sending several messages a second) does not cost a database read
// per request. Entries live at most `ttlMs` and never past the session's own
// expiry; ending sessions forgets them at once on every instance (the
// realtime bus carries the news; docs/decisions/010-realtime-throughput.md).
import type { SessionUser } from './types';

type Entry = { user: SessionUser; validUntil: number };

export type SessionCache = ReturnType<typeof createSessionCache>;

export function createSessionCache(ttlMs: number, maxEntries = 10_000) {
  const entries = new Map<string, Entry>();

  return {
    get(tokenHash: string, now = Date.now()): SessionUser | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.validUntil <= now) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.user;
    },
    set(tokenHash: string, user: SessionUser, expiresAt: number, now = Date.now()) {
      if (ttlMs <= 0) return;
      if (entries.size >= maxEntries) {
        // Oldest first: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(tokenHash, { user, validUntil: Math.min(now + ttlMs, expiresAt) });
    },
    forgetSession(sessionId: string) {
      for (const [key, entry] of entries) if (entry.user.sessionId === sessionId) entries.delete(key);
    },
    forgetUser(userId: string) {
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
