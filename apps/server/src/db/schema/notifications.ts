// The notifications module's tables: what was said to whom (and whether it
// is still to be e-mailed), and each person's preferences per kind.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userReference } from './auth';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userReference(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    /** One notice per fact and person ("match:<search>:<grant>"): telling it twice changes nothing. */
    dedupeKey: text('dedupe_key'),
    /** Shown in the notification centre (the person's in-app preference when it was made). */
    inApp: boolean('in_app').notNull().default(true),
    /** How it is to be e-mailed: null for not at all; digests gather the daily and weekly ones. */
    email: text('email', { enum: ['instant', 'daily', 'weekly'] }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()).where(sql`in_app`),
    index('notifications_unread_idx').on(t.userId).where(sql`in_app AND read_at IS NULL`),
    index('notifications_email_due_idx').on(t.email, t.userId).where(sql`email IS NOT NULL AND emailed_at IS NULL`),
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey).where(sql`dedupe_key IS NOT NULL`),
  ],
);

/** A kind's row exists once the person changed it; otherwise the product's default applies. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: userReference(),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: text('email', { enum: ['off', 'instant', 'daily', 'weekly'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const notificationSettings = pgTable('notification_settings', {
  userId: userReference().primaryKey(),
  digestHour: integer('digest_hour').notNull(),
  timeZone: text('time_zone').notNull(),
  reminderLeadTimes: text('reminder_lead_times').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How far a reader of a log has got (the catalogue's grant_changes: `grant_changes`). Locked while a run works. */
export const notificationCursors = pgTable('notification_cursors', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last digest each person was sent, per period, as the local date of the slot it was for. */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: userReference(),
    period: text('period', { enum: ['daily', 'weekly'] }).notNull(),
    lastSlot: text('last_slot').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
);

/**
 * The link in each alert e-mail that turns that alert off without signing in
 * (List-Unsubscribe, RFC 8058): the token's hash, whose it is, and what it
 * turns off (a kind's e-mails, a saved search's alerts, or a digest).
 */
export const emailUnsubscribes = pgTable('email_unsubscribes', {
  tokenHash: text('token_hash').primaryKey(),
  userId: userReference(),
  scope: jsonb('scope').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
