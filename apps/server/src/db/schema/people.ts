// The people module's tables: invitations that bring a person into an institution.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { institutions } from './institutions';

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** Lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    title: text('title'),
    department: text('department'),
    researchAreas: text('research_areas').array().notNull().default(sql`'{}'::text[]`),
    role: text('role', { enum: ['researcher', 'admin'] }).notNull().default('researcher'),
    /** sha256 of the link's token; a resend replaces it, so only the newest link works. */
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'revoked'] }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    sentCount: integer('sent_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_idx').on(t.tokenHash),
    // One pending invitation per address: a second one resends the first.
    uniqueIndex('invitations_pending_email_idx').on(t.email).where(sql`status = 'pending'`),
    index('invitations_institution_idx').on(t.institutionId, t.status),
  ],
);
