// The leads module's tables: requests sent through the public lead forms.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formType: text('form_type', { enum: ['contact', 'get_started'] }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    university: text('university').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
);

export const demoRequests = pgTable(
  'demo_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    university: text('university').notNull(),
    phone: text('phone').notNull(),
    role: text('role').notNull(),
    preferredDate: timestamp('preferred_date', { withTimezone: true }),
    message: text('message'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_requests_created_idx').on(t.createdAt)],
);
