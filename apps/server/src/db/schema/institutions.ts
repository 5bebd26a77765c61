// The institutions module's tables: the institutions list (reference data) and which are onboarded.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const institutions = pgTable(
  'institutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** lower(name): institutions are unique by name, whatever the case. */
    nameKey: text('name_key').notNull(),
    domains: text('domains').array().notNull().default(sql`'{}'::text[]`),
    webPages: text('web_pages').array().notNull().default(sql`'{}'::text[]`),
    state: text('state'),
    /** Lower-case name, domains and abbreviations: what the picker searches. */
    searchText: text('search_text').notNull().default(''),
    abbreviations: text('abbreviations').array().notNull().default(sql`'{}'::text[]`),
    onboarded: boolean('onboarded').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    /** The research office's routing lead time: internal deadline = sponsor deadline minus these business days. */
    internalDeadlineBusinessDays: integer('internal_deadline_business_days').notNull().default(5),
    /** False: its people sign in through campus SSO only (decision 057); the sso module sets it. */
    passwordSignIn: boolean('password_sign_in').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('institutions_name_key_idx').on(t.nameKey),
    index('institutions_domains_idx').using('gin', t.domains),
  ],
);
