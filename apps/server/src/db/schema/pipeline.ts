// The pipeline module's tables: the grants a researcher saved and the applications they started.
import { bigint, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userReference } from './auth';
import { grants } from './grants';

export const savedGrants = pgTable(
  'saved_grants',
  {
    userId: userReference(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => grants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.grantId] })],
);

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userReference(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => grants.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['drafting', 'submitted', 'under_review', 'awarded', 'rejected'],
    })
      .notNull()
      .default('drafting'),
    amountRequested: bigint('amount_requested', { mode: 'number' }),
    amountAwarded: bigint('amount_awarded', { mode: 'number' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('applications_user_grant_idx').on(t.userId, t.grantId)],
);
