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
  primaryKey,
  real,
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
    /**
     * Weighted document kept by a trigger (migration 0037): title A, description C, Assistance
     * Listing title and objectives B, research areas B, agency D, in that order of positions.
     */
    searchVector: tsvector('search_vector'),
    /**
     * Where each field of `search_vector` ends: the positions just after the title, the
     * description, the programme text, the research areas and the agency. A position below the first is the
     * title's, and so on; each field's length is the gap (BM25F, decision 042).
     */
    fieldEnds: integer('field_ends').array(),
    /** The opportunity number in lower case without separators: "pa 23 137" finds PA-23-137. */
    numberKey: text('number_key').generatedAlwaysAs(sql`lower(regexp_replace(opportunity_number, '[^A-Za-z0-9]', '', 'g'))`),
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
    index('grants_post_date_desc_id_idx').on(t.postDate.desc().nullsLast(), t.id),
    index('grants_search_vector_idx').using('gin', t.searchVector),
    index('grants_title_vector_idx').using('gin', t.titleVector),
    index('grants_research_areas_idx').using('gin', t.researchAreas),
    index('grants_agency_keys_idx').using('gin', t.agencyKeys),
    index('grants_number_key_idx').using('btree', t.numberKey.op('text_pattern_ops')),
    index('grants_cfda_numbers_idx').using('gin', t.cfdaNumbers),
  ],
);

/**
 * An Assistance Listing's text (programme title and objectives) tokenised once
 * for the search-vector trigger, which would otherwise tokenise it again for
 * every grant of the programme (decision 009). Keyed by the md5 of the text;
 * filled by the importer, read only by the trigger.
 */
export const grantProgramVectors = pgTable('grant_program_vectors', {
  programHash: text('program_hash').primaryKey(),
  programText: text('program_text').notNull(),
  vector: tsvector('vector').notNull(),
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

/**
 * The catalogue's field statistics for BM25F (decision 042): each field's
 * average length in positions over all grants. Refreshed with
 * grant_term_stats.
 */
export const grantFieldStats = pgTable('grant_field_stats', {
  field: text('field').primaryKey(),
  averageLength: real('average_length').notNull(),
});

/**
 * What the importer mines from the catalogue's own text (decision 042), read
 * by search: `word` a word as written (lower case) and in how many grants,
 * for spelling corrections; `gram` a Porter stem or two adjacent stems and in
 * how many grants of the mined sample, for collocations ("deep learning" is a
 * unit: far more often together than chance).
 */
export const grantWords = pgTable('grant_words', {
  word: text('word').primaryKey(),
  docs: integer('docs').notNull(),
});

export const grantNgrams = pgTable('grant_ngrams', {
  gram: text('gram').primaryKey(),
  docs: integer('docs').notNull(),
});

/**
 * Acronyms the catalogue defines itself ("Major Research Instrumentation
 * (MRI)"), mined by the importer: the acronym in lower case, its expansion in
 * lower case, in how many grants the pair is written, and in how many the
 * acronym is written in capitals at all.
 */
export const grantAcronyms = pgTable(
  'grant_acronyms',
  {
    acronym: text('acronym').notNull(),
    expansion: text('expansion').notNull(),
    /** The expansion as a query's words come (search-vocabulary.ts expansionKey): what a query's words are looked up by. */
    expansionKey: text('expansion_key').notNull().default(''),
    docs: integer('docs').notNull(),
  },
  (t) => [primaryKey({ columns: [t.acronym, t.expansion] }), index('grant_acronyms_expansion_key_idx').on(t.expansionKey)],
);
