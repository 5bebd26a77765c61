// The researchers module's tables: a researcher's profile and what it lists.
import { sql } from 'drizzle-orm';
import { customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userReference, users } from './auth';

export const researcherProfiles = pgTable('researcher_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  about: text('about'),
  researchSummary: text('research_summary'),
  location: text('location'),
  researchAreas: text('research_areas').array().notNull().default(sql`'{}'::text[]`),
  expertise: text('expertise').array().notNull().default(sql`'{}'::text[]`),
  /** The ORCID iD works were imported from (0000-0002-1825-0097 form). */
  orcid: text('orcid'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const education = pgTable('education', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: userReference(),
  degree: text('degree').notNull(),
  institution: text('institution').notNull(),
  year: integer('year'),
  field: text('field'),
});

export const publications = pgTable('publications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: userReference(),
  title: text('title').notNull(),
  journal: text('journal'),
  year: integer('year'),
  authors: text('authors'),
  /** Lower-case, without the https://doi.org/ prefix: duplicates are found by it. */
  doi: text('doi'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const projects = pgTable('projects', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: userReference(),
  title: text('title').notNull(),
  description: text('description'),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Profile pictures, re-encoded (WebP, 256 px, no metadata), kept in the
 * database so every instance serves the same one and none is lost.
 */
export const avatars = pgTable('avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  contentType: text('content_type').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
