// The auth module's tables: accounts, their sessions, and sign-in attempts.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['researcher', 'admin'] }).notNull(),
    name: text('name').notNull(),
    title: text('title'),
    department: text('department'),
    phone: text('phone'),
    office: text('office'),
    avatarUrl: text('avatar_url'),
    setupComplete: boolean('setup_complete').notNull().default(false),
    /** A deactivated person cannot sign in; nothing they wrote is removed. */
    status: text('status', { enum: ['active', 'deactivated'] }).notNull().default('active'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_institution_idx').on(t.institutionId),
  ],
);

/** A column naming the user a row belongs to; the row goes when the account does. */
export const userReference = (column = 'user_id') =>
  uuid(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: userReference(),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    succeeded: boolean('succeeded').notNull(),
    ip: text('ip'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_time_idx').on(t.email, t.attemptedAt),
    index('login_attempts_ip_time_idx').on(t.ip, t.attemptedAt),
  ],
);

/**
 * Browsers a person has signed in from (a long-lived `gb_device` cookie, its
 * hash here): the right password from one of them works while strangers are
 * locked out (docs/decisions/026-sign-in-lock-out.md).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userReference(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId)],
);

/** When a person was last told by e-mail about a burst of failed sign-ins (one e-mail per burst). */
export const loginAlerts = pgTable('login_alerts', {
  email: text('email').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/** Password-reset links: the token's hash only, single use, short-lived. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userReference(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Password-reset requests by address and by IP, for the rate limit (kept a day). */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('password_reset_requests_email_idx').on(t.email, t.requestedAt),
    index('password_reset_requests_ip_idx').on(t.ip, t.requestedAt),
  ],
);
