// Domain events (modules/events, decision 046): recorded in the transaction of
// the change they report; each handler's run is marked done once, so a retry
// after a failure or a crash runs only what has not run.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When every handler has run. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Not before then: the instance that recorded it handles it first; later, a retry after a failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
  },
  (t) => [
    index('domain_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`handled_at IS NULL`),
  ],
);

export const domainEventRuns = pgTable(
  'domain_event_runs',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    handler: text('handler').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.handler] })],
);
