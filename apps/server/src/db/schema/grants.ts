// The grants module's tables: the catalogue and what its search-vector trigger reads.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

export const grantStatuses = ['forecasted', 'posted', 'closed', 'archived'] as const;

export const grants = pgTable(
  'grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull().default('grants.gov'),
    /** OpportunityID, or "number:<opportunity number>" when a record has no id: the upsert key. */
    sourceKey: text('source_key').notNull(),
    sourceId: text('source_id'),
    opportunityNumber: text('opportunity_number').notNull(),
    title: text('title').notNull(),
    agency: text('agency'),
    agencyCode: text('agency_code'),
    description: text('description'),
    programTitle: text('program_title'),
    objectives: text('objectives'),
    researchAreas: text('research_areas').array().notNull().default(sql`'{}'::text[]`),
    cfdaNumbers: text('cfda_numbers').array().notNull().default(sql`'{}'::text[]`),
    /** The agencies it belongs to, parents included (modules/grants/agency-keys.ts); null until worked out. */
    agencyKeys: text('agency_keys').array(),
    eligibilityCodes: text('eligibility_codes').array().notNull().default(sql`'{}'::text[]`),
    eligibilityText: text('eligibility_text'),
    categoryCodes: text('category_codes').array().notNull().default(sql`'{}'::text[]`),
    instrumentCodes: text('instrument_codes').array().notNull().default(sql`'{}'::text[]`),
    postDate: date('post_date'),
    closeDate: date('close_date'),
    archiveDate: date('archive_date'),
    awardDate: date('award_date'),
    projectStartDate: date('project_start_date'),
    awardCeiling: bigint('award_ceiling', { mode: 'number' }),
    awardFloor: bigint('award_floor', { mode: 'number' }),
    totalFunding: bigint('total_funding', { mode: 'number' }),
    expectedAwards: integer('expected_awards'),
    costSharing: boolean('cost_sharing'),
    /** Whether the current record is a forecast or a posted synopsis. */
    recordKind: text('record_kind', { enum: ['synopsis', 'forecast'] }).notNull(),
    /** Stored status as imported; the effective status also follows the dates. */
    status: text('status', { enum: grantStatuses }).notNull(),
    version: integer('version'),
    lastUpdated: date('last_updated'),
    url: text('url'),
    /** Weighted document kept by a trigger: title A, research areas B, description C, agency D. */
    searchVector: tsvector('search_vector'),
    /** Title alone, so "keyword in the title" is an index look-up. */
    titleVector: tsvector('title_vector'),
    /** Word-embedding vector of the grant's text: 100 signed bytes of a unit vector (lib/embeddings.ts). */
    embedding: bytea('embedding'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grants_source_key_idx').on(t.source, t.sourceKey),
    index('grants_opportunity_number_idx').on(t.opportunityNumber),
    // Sorted result pages walk these in order (the id breaks ties, as the ORDER BY does).
    index('grants_close_date_id_idx').on(t.closeDate, t.id),
    index('grants_close_date_desc_id_idx').on(t.closeDate.desc().nullsLast(), t.id),
    index('grants_status_idx').on(t.status),
    index('grants_agency_code_idx').on(t.agencyCode),
    // Agency filters: code prefix (LIKE 'HHS-NIH%') and exact names of records without a code.
    index('grants_agency_code_pattern_idx').using('btree', t.agencyCode.op('text_pattern_ops')),
    index('grants_agency_name_idx').on(sql`lower(${t.agency})`),
    index('grants_award_ceiling_id_idx').on(t.awardCeiling, t.id),
    index('grants_award_ceiling_desc_id_idx').on(t.awardCeiling.desc().nullsLast(), t.id),
    index('grants_search_vector_idx').using('gin', t.searchVector),
    index('grants_title_vector_idx').using('gin', t.titleVector),
    index('grants_research_areas_idx').using('gin', t.researchAreas),
    index('grants_agency_keys_idx').using('gin', t.agencyKeys),
  ],
);

/**
 * An Assistance Listing's text (program title and objectives) prepared once
 * for the search-vector trigger, which would otherwise tokenise it again for
 * every grant of the program: `head` is the text up to and including its
 * first word that yields a lexeme, `tailVector` the to_tsvector of the rest
 * (migration 0008, docs/decisions/009-ingest-speed.md). Keyed by the md5 of
 * the text; filled by the importer, read only by the trigger.
 */
export const grantProgramVectors = pgTable('grant_program_vectors', {
  programHash: text('program_hash').primaryKey(),
  programText: text('program_text').notNull(),
  head: text('head').notNull(),
  tailVector: tsvector('tail_vector').notNull(),
  /** Most positions any lexeme of the tail has, and its last position: the trigger's check against tsvector's limits. */
  tailMaxPositions: integer('tail_max_positions').notNull(),
  tailLastPosition: integer('tail_last_position').notNull(),
});

/**
 * Collection statistics of the catalogue's search vectors, for weighting a
 * query's words by rarity (docs/decisions/022-term-rarity.md): how many grants
 * hold each lexeme. The row whose term is '' holds the number of grants. Kept
 * current by the importer (term-stats.ts), read by search; every instance
 * reads the same numbers.
 */
export const grantTermStats = pgTable('grant_term_stats', {
  term: text('term').primaryKey(),
  docs: integer('docs').notNull(),
});

/** How many grants list each research area; refreshed with grant_term_stats (decision 032). */
export const grantAreaStats = pgTable('grant_area_stats', {
  area: text('area').primaryKey(),
  docs: integer('docs').notNull(),
});

/**
 * What each import (or any other write) did to the catalogue, in order: a row
 * per inserted grant, and per update that changed what people follow (dates,
 * amounts, eligibility, status), with each field's old and new value. Written
 * by a trigger (migration 0028), so every way of importing records it; read
 * by the notifications module, which keeps its place by `id`. Writes that
 * only move demo dates set `gb.skip_grant_changes` and record nothing.
 */
export const grantChanges = pgTable(
  'grant_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => grants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['inserted', 'updated'] }).notNull(),
    /** { field: [old, new] } for updates; {} for inserts. */
    changes: jsonb('changes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grant_changes_grant_idx').on(t.grantId)],
);
