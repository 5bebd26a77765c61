// The team module's table: who besides the PI is on an application, invited
// or accepted (decision 053). The applications module reads it (who sees an
// application), as do the feed and the office's reports (decision 014).
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { userReference } from './auth';

/**
 * The application's team besides its PI (applications.user_id): researchers
 * of any onboarded institution, invited (`pending`) until they accept
 * (`active`). Only active members see and work on the application.
 */
export const applicationMembers = pgTable(
  'application_members',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: userReference(),
    role: text('role', { enum: ['co_investigator', 'contributor'] }).notNull(),
    status: text('status', { enum: ['pending', 'active'] }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.userId] }), index('application_members_user_idx').on(t.userId)],
);
