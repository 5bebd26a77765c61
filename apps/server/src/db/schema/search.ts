// The search module's tables: searches a researcher saved.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userReference } from './auth';

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userReference(),
    name: text('name').notNull(),
    query: text('query').notNull().default(''),
    filters: jsonb('filters').notNull().default(sql`'{}'::jsonb`),
    alertCadence: text('alert_cadence', { enum: ['off', 'instant', 'daily', 'weekly'] })
      .notNull()
      .default('off'),
    lastAlertedAt: timestamp('last_alerted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId)],
);
