// The catalogue module's table: each refresh of the grant catalogue from the
// Grants.gov daily extract, what it read and how it ended (decision 056).
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const catalogueRefreshes = pgTable(
  'catalogue_refreshes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: ['running', 'ok', 'failed'] }).notNull().default('running'),
    /** What started it: the schedule, or `npm run catalogue:refresh`. */
    trigger: text('trigger', { enum: ['schedule', 'command'] }).notNull(),
    /** The address downloaded (the last one tried when none was). */
    url: text('url'),
    fileName: text('file_name'),
    read: integer('read').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    durationMs: integer('duration_ms'),
    error: text('error'),
  },
  (t) => [index('catalogue_refreshes_started_idx').on(t.startedAt)],
);
