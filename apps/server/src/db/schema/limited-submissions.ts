// The limited-submissions module's tables (issue 29 §1, decision 061): a
// grant the institution may send only `cap` applications to, the internal
// competition for its places (pre-proposals with an abstract and up to two
// PDFs), the colleagues invited to review them and their reviews.
import { customType, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { users } from './auth';
import { grants } from './grants';
import { institutions } from './institutions';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** One limited call: a grant, at one institution, with its cap and internal deadline. */
export const limitedCalls = pgTable(
  'limited_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => grants.id, { onDelete: 'cascade' }),
    cap: integer('cap').notNull(),
    internalDeadline: date('internal_deadline', { mode: 'string' }).notNull(),
    abstractWordLimit: integer('abstract_word_limit').notNull(),
    maxPdfs: integer('max_pdfs').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('limited_calls_institution_grant_idx').on(t.institutionId, t.grantId)],
);

/** A researcher's bid for a place; `applicationId` once selected (the place is taken until it is withdrawn). */
export const limitedPreProposals = pgTable(
  'limited_pre_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => limitedCalls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    abstract: text('abstract').notNull(),
    status: text('status', { enum: ['submitted', 'selected', 'declined', 'withdrawn'] }).notNull().default('submitted'),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('limited_pre_proposals_call_user_idx').on(t.callId, t.userId),
    index('limited_pre_proposals_application_idx').on(t.applicationId),
  ],
);

/** A pre-proposal's PDFs (at most two, each at most a few MB: kept whole). */
export const limitedPreProposalFiles = pgTable(
  'limited_pre_proposal_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    preProposalId: uuid('pre_proposal_id')
      .notNull()
      .references(() => limitedPreProposals.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('limited_pre_proposal_files_pre_proposal_idx').on(t.preProposalId)],
);

/** A colleague the office invited to review a call's pre-proposals. */
export const limitedReviewers = pgTable(
  'limited_reviewers',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => limitedCalls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('limited_reviewers_call_user_idx').on(t.callId, t.userId)],
);

/** One reviewer's review of one pre-proposal: a score 1–5 and a comment, or a declared conflict (no score). */
export const limitedReviews = pgTable(
  'limited_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    preProposalId: uuid('pre_proposal_id')
      .notNull()
      .references(() => limitedPreProposals.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score'),
    comment: text('comment').notNull().default(''),
    conflictOfInterest: boolean('conflict_of_interest').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('limited_reviews_pre_proposal_reviewer_idx').on(t.preProposalId, t.reviewerId)],
);
