// The current-pending module's tables (issue 29 §3, decision 062): what a
// Current and Pending (Other) Support document needs beyond the pipeline's
// own columns. Per application, the award's number, the project period and
// the overlap statement (amounts stay on applications); per application and
// person (its PI or a team member), the role in the sponsor's sense and the
// person-months per calendar year. The module reads applications, their
// team, the grants and people (module-boundaries.json).
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { userReference } from './auth';

/** An application's award details for Current and Pending Support; a row only once someone entered one. */
export const applicationSupport = pgTable(
  'application_support',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The sponsor's award number (an awarded application's). */
    awardNumber: text('award_number'),
    projectStart: date('project_start', { mode: 'string' }),
    projectEnd: date('project_end', { mode: 'string' }),
    /** The statement of potential overlap with the person's other support. */
    overlapStatement: text('overlap_statement'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('application_support_period_check', sql`project_start IS NULL OR project_end IS NULL OR project_start <= project_end`)],
);

/** A person's role on an application in the sponsor's sense; null until entered (the PI's is PI). */
export const applicationEffort = pgTable(
  'application_effort',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: userReference(),
    supportRole: text('support_role', { enum: ['pi', 'co_investigator', 'senior_key', 'other'] }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.userId] }), index('application_effort_user_idx').on(t.userId)],
);

/** Person-months (calendar months, 0 to 12) a person gives an application in one calendar year. */
export const applicationEffortYears = pgTable(
  'application_effort_years',
  {
    applicationId: uuid('application_id').notNull(),
    userId: uuid('user_id').notNull(),
    year: integer('year').notNull(),
    personMonths: numeric('person_months', { precision: 4, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.userId, t.year] }),
    foreignKey({ columns: [t.applicationId, t.userId], foreignColumns: [applicationEffort.applicationId, applicationEffort.userId] }).onDelete(
      'cascade',
    ),
    check('application_effort_years_months_check', sql`person_months >= 0 AND person_months <= 12`),
  ],
);
