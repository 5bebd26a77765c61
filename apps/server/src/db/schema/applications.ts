// The applications module's tables: the grants a researcher saved, the
// applications they started (the starter is the PI, `user_id`), each
// application's history of stage changes, its tasks, people's calendar feed
// secrets, the yearly activity counts kept from applications and saves, and
// the sponsors' caps on applications per person (decision 060).
// The team (application_members) is team.ts's; the checklist and its files
// are documents.ts's (decision 053).
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { statusIn } from '../stage-sql';
import { userReference, users } from './auth';
import { grants } from './grants';

export const savedGrants = pgTable(
  'saved_grants',
  {
    userId: userReference(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => grants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The research office's report keys, kept by triggers from the person who saved it (migration 0034,
    // decision 038): the most-saved list counts without joining people. Never written by the application code.
    saverInstitutionId: uuid('saver_institution_id'),
    saverDepartment: text('saver_department'),
    saverActive: boolean('saver_active').notNull().default(false),
  },
  // Who saved a grant: "what changed" notices and the research office's most-saved list.
  (t) => [
    primaryKey({ columns: [t.userId, t.grantId] }),
    index('saved_grants_grant_idx').on(t.grantId),
    index('saved_grants_saver_idx')
      .on(t.saverInstitutionId, t.grantId, t.saverDepartment, t.createdAt)
      .where(sql`saver_active`),
  ],
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
      enum: ['drafting', 'internal_review', 'submitted', 'under_review', 'awarded', 'rejected', 'withdrawn'],
    })
      .notNull()
      .default('drafting'),
    amountRequested: bigint('amount_requested', { mode: 'number' }),
    amountAwarded: bigint('amount_awarded', { mode: 'number' }),
    /** The institution's admin's own internal deadline for this one; null = the routing lead time's. */
    internalDeadline: date('internal_deadline', { mode: 'string' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When it reached `awarded` (funding achieved is counted by this date). */
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The research office's report keys, kept by triggers from the PI and the grant (migration 0033,
    // decision 038): the reports filter and order by them without joining people and the catalogue.
    // Never written by the application code.
    piInstitutionId: uuid('pi_institution_id'),
    piDepartment: text('pi_department'),
    grantAgency: text('grant_agency'),
    grantCloseDate: date('grant_close_date', { mode: 'string' }),
    /** When it was last declined (its latest stage change to `rejected`), kept from the stage history (migration 0034). */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('applications_user_grant_idx').on(t.userId, t.grantId),
    // A grant's applications (its report keys follow the catalogue's changes).
    index('applications_grant_idx').on(t.grantId),
    // States now, and lists by last change; with the dates the report filters test, so the embedded database
    // picks and counts from the index alone once vacuumed (migration 0034).
    index('applications_pi_status_idx').on(t.piInstitutionId, t.status, t.updatedAt, t.createdAt, t.piDepartment),
    index('applications_pi_awarded_idx')
      .on(t.piInstitutionId, t.awardedAt, t.piDepartment, t.grantAgency, t.amountAwarded, t.userId, t.grantCloseDate, t.id)
      .where(sql`status = 'awarded'`),
    index('applications_pi_open_close_idx')
      .on(t.piInstitutionId, t.grantCloseDate, t.id)
      .where(statusIn('status', 'inProgress')),
    index('applications_pi_updated_idx').on(t.piInstitutionId, t.updatedAt.desc(), t.id.desc(), t.createdAt, t.status, t.piDepartment),
    index('applications_pi_created_idx').on(t.piInstitutionId, t.createdAt, t.piDepartment, t.userId),
    index('applications_pi_declined_idx').on(t.piInstitutionId, t.declinedAt, t.piDepartment).where(sql`status = 'rejected'`),
    index('applications_pi_submitted_idx')
      .on(t.piInstitutionId, t.submittedAt, t.piDepartment, t.userId)
      .where(sql`submitted_at IS NOT NULL`),
    // Stages now, across institutions (deadline reminders); the reports use the pi_ indexes above.
    index('applications_status_idx').on(t.status),
  ],
);

/**
 * Each researcher's activity per federal fiscal year (the year it ends in: FY2025 runs from 1 October
 * 2024 to 30 September 2025, UTC days): applications started, submitted and won, and grants saved, kept
 * by triggers from the applications and saved grants (migration 0035, decision 040) so the research
 * office's dashboard ranks 5,000 people without grouping a year of applications. Never written by the
 * application code; no reference to users, so a cascade from a deleted account cannot trip over it.
 */
export const researcherActivityYears = pgTable(
  'researcher_activity_years',
  {
    userId: uuid('user_id').notNull(),
    fiscalYear: integer('fiscal_year').notNull(),
    started: integer('started').notNull().default(0),
    submitted: integer('submitted').notNull().default(0),
    awarded: integer('awarded').notNull().default(0),
    saved: integer('saved').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.fiscalYear, t.userId] })],
);

/** One stage change of an application: who, when, from, to, and why (a return to drafting says why). */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** Null once the person's account is gone; the entry stays. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_events_application_idx').on(t.applicationId, t.createdAt),
    index('application_events_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** The team's tasks on an application: assigned to a team member, with a priority and maybe a due date. */
export const applicationTasks = pgTable(
  'application_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    priority: text('priority', { enum: ['high', 'medium', 'low'] }).notNull().default('medium'),
    status: text('status', { enum: ['pending', 'completed'] }).notNull().default('pending'),
    /** Null when unassigned, or once the person's account is gone. */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_tasks_application_idx').on(t.applicationId),
    index('application_tasks_assignee_idx').on(t.assigneeId, t.status),
  ],
);

/** Each person's secret calendar feed address: only the token's SHA-256 is kept; a new one replaces the old. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A sponsor's cap on the applications one person may send it in a period
 * (issue 29 §2, decision 060): NIH's six a year (NOT-OD-25-132) is a row
 * (migration 0048), and another sponsor's cap is another row. Read by the
 * applications module's pure counting functions (sponsor-cap-rules.ts) as
 * the contract's `SponsorCapRule`.
 */
export const sponsorCapRules = pgTable(
  'sponsor_cap_rules',
  {
    /** Short name shown to people ("4 of 6 NIH applications"). */
    sponsor: text('sponsor').primaryKey(),
    /** Grants.gov agency-code prefixes of the sponsor's opportunities (`HHS-NIH`). */
    agencyCodePrefixes: text('agency_code_prefixes').array().notNull(),
    cap: integer('cap').notNull(),
    period: text('period', { enum: ['calendar-year'] }).notNull(),
    yearBasis: text('year_basis', { enum: ['sponsor-close-date'] }).notNull(),
    /** Stages an application counts in: those after it reached the sponsor. */
    countedStages: text('counted_stages').array().notNull(),
    withdrawnCountsIfSubmitted: boolean('withdrawn_counts_if_submitted').notNull(),
    /** Whose applications count: `pi`, the application's owner. */
    roles: text('roles').array().notNull(),
    /** Activity codes that do not count: an exact code (`R13`) or a prefix and `*` (`T*`). */
    excludedActivityCodes: text('excluded_activity_codes').array().notNull().default(sql`'{}'::text[]`),
    /** The application types the notice counts (new, renewal, resubmission, revision). */
    countedApplicationTypes: text('counted_application_types').array().notNull(),
    /** Applications whose year-basis day is before this do not count. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    sourceNotice: text('source_notice').notNull(),
    sourceTitle: text('source_title').notNull(),
    sourceUrl: text('source_url').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('sponsor_cap_rules_sponsor_check', sql`btrim(sponsor) <> '' AND length(sponsor) <= 40`),
    check(
      'sponsor_cap_rules_agency_code_prefixes_check',
      sql`cardinality(agency_code_prefixes) > 0 AND array_to_string(agency_code_prefixes, ',', '') ~ '^[A-Za-z0-9-]+(,[A-Za-z0-9-]+)*$'`,
    ),
    check('sponsor_cap_rules_cap_check', sql`cap > 0`),
    check('sponsor_cap_rules_period_check', sql`period IN ('calendar-year')`),
    check('sponsor_cap_rules_year_basis_check', sql`year_basis IN ('sponsor-close-date')`),
    // Only stages after the application reached the sponsor; a withdrawal counts through withdrawn_counts_if_submitted.
    check(
      'sponsor_cap_rules_counted_stages_check',
      sql`cardinality(counted_stages) > 0 AND counted_stages <@ ARRAY['submitted', 'under_review', 'awarded', 'rejected']::text[]`,
    ),
    check('sponsor_cap_rules_roles_check', sql`cardinality(roles) > 0 AND roles <@ ARRAY['pi']::text[]`),
    check(
      'sponsor_cap_rules_excluded_activity_codes_check',
      sql`cardinality(excluded_activity_codes) = 0 OR array_to_string(excluded_activity_codes, ',', '') ~ '^[A-Z][A-Z0-9]{0,2}[*]?(,[A-Z][A-Z0-9]{0,2}[*]?)*$'`,
    ),
    check(
      'sponsor_cap_rules_counted_application_types_check',
      sql`cardinality(counted_application_types) > 0 AND counted_application_types <@ ARRAY['new', 'renewal', 'resubmission', 'revision']::text[]`,
    ),
    check('sponsor_cap_rules_source_check', sql`btrim(source_notice) <> '' AND btrim(source_title) <> '' AND source_url ~ '^https://'`),
  ],
);
