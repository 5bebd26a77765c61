// The importer's SQL: batched upserts (one statement per batch keeps ingest
// fast on PGlite; rows whose content did not change are left alone), the
// program-text cache of the search-vector trigger, and statistics refreshes.
// A batch travels as one json parameter (json, not jsonb: it is read once, so
// building the binary form would be wasted work).
import { positionalSql, queryRows, withTransaction, type Db } from '../../../db/client';
import type { GrantRow } from './enrich-record';
import { opportunityNumberKey } from './extract-records';

export type UpsertCounts = { inserted: number; updated: number; unchanged: number };

/** Columns the importer writes, with their SQL types, in one order used everywhere below. */
const columns = [
  ['source_id', 'text', 'sourceId'],
  ['opportunity_number', 'text', 'opportunityNumber'],
  ['title', 'text', 'title'],
  ['agency', 'text', 'agency'],
  ['agency_code', 'text', 'agencyCode'],
  ['description', 'text', 'description'],
  ['program_title', 'text', 'programTitle'],
  ['objectives', 'text', 'objectives'],
  ['research_areas', 'text[]', 'researchAreas'],
  ['cfda_numbers', 'text[]', 'cfdaNumbers'],
  ['agency_keys', 'text[]', 'agencyKeys'],
  ['eligibility_codes', 'text[]', 'eligibilityCodes'],
  ['eligibility_text', 'text', 'eligibilityText'],
  ['category_codes', 'text[]', 'categoryCodes'],
  ['instrument_codes', 'text[]', 'instrumentCodes'],
  ['post_date', 'date', 'postDate'],
  ['close_date', 'date', 'closeDate'],
  ['archive_date', 'date', 'archiveDate'],
  ['award_date', 'date', 'awardDate'],
  ['project_start_date', 'date', 'projectStartDate'],
  ['award_ceiling', 'bigint', 'awardCeiling'],
  ['award_floor', 'bigint', 'awardFloor'],
  ['total_funding', 'bigint', 'totalFunding'],
  ['expected_awards', 'integer', 'expectedAwards'],
  ['cost_sharing', 'boolean', 'costSharing'],
  ['record_kind', 'text', 'recordKind'],
  ['status', 'text', 'status'],
  ['version', 'integer', 'version'],
  ['last_updated', 'date', 'lastUpdated'],
  ['url', 'text', 'url'],
  ['embedding', 'bytea', 'embedding'],
] as const satisfies readonly (readonly [string, string, keyof GrantRow])[];

const names = columns.map(([c]) => c);
const recordType = ['source_key text', ...columns.map(([c, t]) => `${c} ${t}`)].join(', ');

// A stored synopsis is never replaced by a forecast; within one kind an older
// LastUpdatedDate (then Version) loses, and so does an equal one when the file
// already had a record for the opportunity (`repeat`: the first of equals
// wins, whichever import it is); an identical row is not touched, so
// re-importing a file reports "unchanged" and costs no search-vector work.
const updateSql = `
UPDATE grants AS g SET
  ${names.map((c) => `${c} = r.${c}`).join(',\n  ')},
  updated_at = now()
FROM json_to_recordset($1::json) AS r(${recordType}, repeat boolean)
WHERE g.source = 'grants.gov' AND g.source_key = r.source_key
  AND (g.record_kind = 'forecast' OR r.record_kind = 'synopsis')
  AND (g.record_kind <> r.record_kind
    OR coalesce(r.last_updated, DATE '0001-01-01') > coalesce(g.last_updated, DATE '0001-01-01')
    OR (coalesce(r.last_updated, DATE '0001-01-01') = coalesce(g.last_updated, DATE '0001-01-01')
        AND (coalesce(r.version, 0) > coalesce(g.version, 0)
             OR (coalesce(r.version, 0) = coalesce(g.version, 0) AND NOT r.repeat))))
  AND (${names.map((c) => `g.${c}`).join(', ')}) IS DISTINCT FROM (${names.map((c) => `r.${c}`).join(', ')})
RETURNING g.source_key`;

// New keys only (fields computed for a row that exists would be wasted); DO
// NOTHING covers a concurrent import. The search fields
// come with the rows, computed for the whole batch by grant_search_fields
// (the trigger's own formula), so the trigger is not run per row (decision 058).
const insertSql = `
INSERT INTO grants (source, source_key, ${names.join(', ')}, search_vector, title_vector, field_ends)
SELECT 'grants.gov', r.source_key, ${names.map((c) => `r.${c}`).join(', ')}, f.search_vector, f.title_vector, f.field_ends
FROM json_to_recordset($1::json) AS r(${recordType})
CROSS JOIN LATERAL grant_search_fields(r.title, r.description, r.program_title, r.objectives, r.research_areas, r.agency, r.agency_code) AS f
ON CONFLICT (source, source_key) DO NOTHING
RETURNING source_key`;

function rowJson(row: GrantRow) {
  const out: Record<string, unknown> = { source_key: row.sourceKey };
  for (const [column, , key] of columns) out[column] = row[key];
  out.repeat = row.repeat === true;
  return JSON.stringify(out);
}

/** A batch with each row's JSON made ahead, before its transaction (batch-writer.ts). */
export type PreparedBatch = { rows: GrantRow[]; json: Map<GrantRow, { key: string; json: string }> };

export function prepareGrantBatch(rows: GrantRow[]): PreparedBatch {
  return { rows, json: new Map(rows.map((row) => [row, { key: row.sourceKey, json: rowJson(row) }])) };
}

/** The rows as one JSON array; a row made ahead is used as made unless resolveKeys has re-keyed it since. */
function toJson(rows: GrantRow[], made?: PreparedBatch['json']) {
  return `[${rows
    .map((row) => {
      const ahead = made?.get(row);
      return ahead && ahead.key === row.sourceKey ? ahead.json : rowJson(row);
    })
    .join(',')}]`;
}

/**
 * Matches records to stored rows across the two key forms: a record with an
 * OpportunityID takes over a row stored earlier under "number:<n>", and a
 * record without one updates the row that already has that number.
 */
async function resolveKeys(db: Db, rows: GrantRow[]): Promise<Set<string>> {
  const keys = rows.map((r) => r.sourceKey);
  const numbers = rows.map((r) => r.opportunityNumber).filter(Boolean);
  const existing = await queryRows<{ source_key: string; opportunity_number: string }>(
    db,
    positionalSql(
      // Two index lookups joined by UNION: an OR of both conditions would scan the table.
      `SELECT g.source_key, g.opportunity_number
       FROM json_array_elements_text($1::json) AS k(v)
       JOIN grants g ON g.source = 'grants.gov' AND g.source_key = k.v
     UNION
     SELECT g.source_key, g.opportunity_number
       FROM json_array_elements_text($2::json) AS n(v)
       JOIN grants g ON g.opportunity_number = n.v AND g.source = 'grants.gov'`,
      [JSON.stringify(keys), JSON.stringify(numbers)],
    ),
  );
  const storedKeys = new Set(existing.map((e) => e.source_key));
  const keysByNumber = new Map<string, string[]>();
  for (const e of existing)
    keysByNumber.set(e.opportunity_number, [
      ...(keysByNumber.get(e.opportunity_number) ?? []),
      e.source_key,
    ]);
  const rekeys: { from: string; to: string }[] = [];
  for (const row of rows) {
    if (storedKeys.has(row.sourceKey) || !row.opportunityNumber) continue;
    const byNumber = opportunityNumberKey(row.opportunityNumber);
    if (row.sourceId) {
      if (storedKeys.has(byNumber)) {
        rekeys.push({ from: byNumber, to: row.sourceKey });
        storedKeys.delete(byNumber);
        storedKeys.add(row.sourceKey);
      }
    } else {
      const others = (keysByNumber.get(row.opportunityNumber) ?? []).filter(
        (k) => !k.startsWith('number:'),
      );
      if (others.length === 1) {
        row.sourceKey = others[0]!;
        row.sourceId = others[0]!;
      }
    }
  }
  if (rekeys.length) {
    await queryRows(
      db,
      positionalSql(
        `UPDATE grants g SET source_key = r.to_key, source_id = r.to_key, updated_at = now()
       FROM json_to_recordset($1::json) AS r(from_key text, to_key text)
       WHERE g.source = 'grants.gov' AND g.source_key = r.from_key`,
        [JSON.stringify(rekeys.map((r) => ({ from_key: r.from, to_key: r.to })))],
      ),
    );
  }
  return storedKeys;
}

// Tokenises each programme text once (decision 009), so the search-vector
// trigger reads its stored vector instead of tokenising it again for every
// grant of the programme. Programmes are taken in hash order, so concurrent
// imports cannot deadlock on the cache's key.
const cacheProgramsSql = `
INSERT INTO grant_program_vectors (program_hash, program_text, vector)
SELECT md5(p.program), p.program, to_tsvector('english', p.program)
FROM (SELECT DISTINCT coalesce(r.program_title, '') || ' ' || coalesce(r.objectives, '') AS program
      FROM json_to_recordset($1::json) AS r(program_title text, objectives text)) p
WHERE p.program <> ' ' AND NOT EXISTS (SELECT 1 FROM grant_program_vectors v WHERE v.program_hash = md5(p.program))
ORDER BY 1
ON CONFLICT (program_hash) DO NOTHING`;

export type ProgramText = Pick<GrantRow, 'programTitle' | 'objectives'>;

/**
 * Stores the search-vector parts of these programs' texts where they are not
 * stored yet. Only speed depends on it: the trigger tokenises a program it
 * does not find. Runs in its own short transaction, before the batch's.
 */
export async function cacheProgramVectors(db: Db, programs: ProgramText[]) {
  if (programs.length === 0) return;
  await queryRows(
    db,
    positionalSql(cacheProgramsSql, [
      JSON.stringify(
        programs.map((p) => ({ program_title: p.programTitle, objectives: p.objectives })),
      ),
    ]),
  );
}

/**
 * Upserts one batch in one transaction. A record whose key or opportunity
 * number repeats in the batch is written in a later round, whose keys are
 * resolved after the earlier rounds' writes: later records in the file meet
 * earlier ones by the same rules as across files (a record without an id
 * finds the row its number already has, and an id takes such a row over).
 */
export async function upsertGrantBatch(db: Db, batch: GrantRow[] | PreparedBatch): Promise<UpsertCounts> {
  const { rows, json: made } = Array.isArray(batch) ? { rows: batch, json: undefined } : batch;
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  if (rows.length === 0) return counts;
  await withTransaction(db, async (t) => {
    let pending = rows;
    while (pending.length) {
      const seen = new Set<string>();
      const round: GrantRow[] = [];
      const later: GrantRow[] = [];
      for (const row of pending) {
        const number = row.opportunityNumber ? opportunityNumberKey(row.opportunityNumber) : null;
        if (seen.has(row.sourceKey) || (number !== null && seen.has(number))) later.push(row);
        else {
          seen.add(row.sourceKey);
          if (number !== null) seen.add(number);
          round.push(row);
        }
      }
      const stored = await resolveKeys(t, round);
      const existing = round.filter((row) => stored.has(row.sourceKey));
      const fresh = round.filter((row) => !stored.has(row.sourceKey));
      if (existing.length) {
        const updated = await queryRows(t, positionalSql(updateSql, [toJson(existing, made)]));
        counts.updated += updated.length;
        counts.unchanged += existing.length - updated.length;
      }
      if (fresh.length) {
        const inserted = await queryRows(t, positionalSql(insertSql, [toJson(fresh, made)]));
        counts.inserted += inserted.length;
        counts.unchanged += fresh.length - inserted.length;
      }
      pending = later;
    }
  });
  return counts;
}

/**
 * Refreshes the planner's statistics. PGlite has no autovacuum, and with
 * stale numbers the batch lookups turn into table scans as the table grows.
 */
export async function analyzeGrants(db: Db) {
  await queryRows(db, positionalSql('ANALYZE grants', []));
}

/**
 * The refresh an import needs part-way: row counts and the lookup keys'
 * statistics, from a 3,000-row sample. A full ANALYZE samples 30,000 whole
 * rows (search vectors included), which on PGlite grows its heap for good.
 */
export async function analyzeGrantKeys(db: Db) {
  await withTransaction(db, async (t) => {
    await queryRows(t, positionalSql('SET LOCAL default_statistics_target = 10', []));
    await queryRows(
      t,
      positionalSql('ANALYZE grants (source, source_key, opportunity_number)', []),
    );
  });
}
