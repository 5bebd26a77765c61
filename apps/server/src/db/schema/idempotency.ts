// Answers to creating requests sent with an Idempotency-Key header, kept a day
// so a client's retry after a lost answer gets the first answer instead of a
// second record (plugins/idempotency.ts).
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who sent it: the user's id, or the client address for signed-out forms. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Method and route, and a hash of the body: the same key for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request is still being handled. */
    status: integer('status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
