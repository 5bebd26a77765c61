// The newsletters module's tables (issue 29 §5, decision 063): a funding
// newsletter an institution's research office composes, the people it went
// to (each with a token of their own for the grant links and the one-click
// unsubscribe), the grants they opened from it, and who asked for no more.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NewsletterGrant } from '@grantbridge/contract/newsletters';
import { userReference, users } from './auth';
import { institutions } from './institutions';

/** A saved search as a newsletter keeps it: copied when chosen, so it stays what the office saw. */
export type NewsletterSource = { savedSearchId: string; name: string; query: string; filters: Record<string, unknown> };

export const newsletters = pgTable(
  'newsletters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    audienceKind: text('audience_kind', { enum: ['everyone', 'department', 'area'] }).notNull(),
    /** The department's or research area's name; null for everyone. */
    audienceName: text('audience_name'),
    sources: jsonb('sources').$type<NewsletterSource[]>().notNull().default([]),
    grantIds: jsonb('grant_ids').$type<string[]>().notNull().default([]),
    perSearch: integer('per_search').notNull().default(5),
    status: text('status', { enum: ['draft', 'scheduled', 'sent'] }).notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The grants as they went out: the reading view and the counts show these, whatever the catalogue does later. */
    sentGrants: jsonb('sent_grants').$type<NewsletterGrant[]>(),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletters_institution_idx').on(t.institutionId, t.createdAt), index('newsletters_due_idx').on(t.status, t.scheduledAt)],
);

/** Who a sent newsletter went to, fixed at sending. */
export const newsletterRecipients = pgTable(
  'newsletter_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    newsletterId: uuid('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    userId: userReference(),
    /** sha256 of the token in the e-mail's links; the token itself is only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_recipients_person_idx').on(t.newsletterId, t.userId),
    uniqueIndex('newsletter_recipients_token_idx').on(t.tokenHash),
    index('newsletter_recipients_user_idx').on(t.userId),
  ],
);

/** A grant opened from a newsletter: through the e-mail's redirect or from the reading view in the app. */
export const newsletterClicks = pgTable(
  'newsletter_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => newsletterRecipients.id, { onDelete: 'cascade' }),
    grantId: uuid('grant_id').notNull(),
    channel: text('channel', { enum: ['email', 'app'] }).notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletter_clicks_recipient_idx').on(t.recipientId)],
);

/** People who asked for no more of their institution's newsletters. */
export const newsletterUnsubscribes = pgTable(
  'newsletter_unsubscribes',
  {
    userId: userReference(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.institutionId] })],
);
