// Group commit for sends: the messages of one turn of the event loop, and
// those that arrive while a write is running, are stored together in one
// statement. A lone message waits only for the end of the current turn (no
// timer), so a quiet chat pays nothing and a busy one pays one database round
// trip per batch instead of per message. (On PGlite a query runs on the main
// thread, so "while a write is running" alone would rarely gather company.)
import type { Db } from '../../db/client';
import {
  insertMessageBatch,
  type BatchSendResult,
  type OutgoingMessage,
} from './messages.repository';

type Waiter = { resolve: (result: BatchSendResult) => void; reject: (err: unknown) => void };
type Entry = { item: OutgoingMessage; waiters: Waiter[] };

export type SendQueue = ReturnType<typeof createSendQueue>;

export type SendQueueOptions = {
  /** Most messages per statement. */
  maxBatch?: number;
  /** Batches written at once: 1 on PGlite (one connection); a few on a PostgreSQL server. */
  concurrency?: number;
};

const keyOf = (m: OutgoingMessage) => `${m.conversationId}|${m.senderId}|${m.clientId}`;

export function createSendQueue(db: Db, options: SendQueueOptions = {}) {
  const maxBatch = options.maxBatch ?? 200;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  /** Waiting entries by (conversation, sender, client id): a retry racing its original joins it. */
  const pending = new Map<string, Entry>();
  let running = 0;
  let scheduled = false;

  const settle = (entry: Entry, result: BatchSendResult) => {
    // The first caller stored it; any other caller with the same client id is a retry of it.
    entry.waiters.forEach((w, i) =>
      w.resolve(i === 0 ? result : { ...result, created: false, recipients: null, accepted: false }),
    );
  };

  const write = async (entries: Entry[]): Promise<void> => {
    try {
      const results = await insertMessageBatch(
        db,
        entries.map((e) => e.item),
      );
      entries.forEach((entry, i) => settle(entry, results[i]!));
    } catch (err) {
      if (entries.length === 1) {
        for (const w of entries[0]!.waiters) w.reject(err);
        return;
      }
      // One bad message must not fail the others: write them one by one.
      for (const entry of entries) await write([entry]);
    }
  };

  const pump = () => {
    scheduled = false;
    while (running < concurrency && pending.size > 0) {
      const batch: Entry[] = [];
      for (const [key, entry] of pending) {
        batch.push(entry);
        pending.delete(key);
        if (batch.length >= maxBatch) break;
      }
      running += 1;
      void write(batch).finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  return {
    /** Stores the message (or finds the one stored with its client id) and says how it went. */
    send(item: OutgoingMessage): Promise<BatchSendResult> {
      return new Promise<BatchSendResult>((resolve, reject) => {
        const key = keyOf(item);
        const entry = pending.get(key);
        if (entry) entry.waiters.push({ resolve, reject });
        else pending.set(key, { item, waiters: [{ resolve, reject }] });
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}
