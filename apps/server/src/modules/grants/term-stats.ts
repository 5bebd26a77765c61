// How rare each word of the catalogue is: the number of grants whose search
// vector holds each lexeme (grant_term_stats), refreshed by the importer after
// each import and read by search to weight a query's words by rarity, so
// "pollinator" outweighs "health" (docs/decisions/022-term-rarity.md). Kept in
// the database, so every instance ranks with the same numbers. Beside them,
// how many grants list each research area (grant_area_stats, decision 032).
import { sql } from 'drizzle-orm';
import { queryRows, withTransaction, type Db } from '../../db/client';
import { loadAssistanceListings } from './import/enrich-record';
import { mineVocabulary } from './search-vocabulary';
import { miningDocuments, storeSearchVocabulary } from './search-vocabulary.repository';

/** Recounts every lexeme of the catalogue, in one transaction (readers see the old numbers until it commits). */
export async function refreshTermStats(db: Db): Promise<void> {
  await withTransaction(db, async (t) => {
    // Two importers finishing together take turns instead of colliding on the key.
    await t.execute(sql`LOCK TABLE grant_term_stats IN EXCLUSIVE MODE`);
    await t.execute(sql`DELETE FROM grant_term_stats`);
    await t.execute(sql`
      INSERT INTO grant_term_stats (term, docs)
      SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM grants WHERE search_vector IS NOT NULL')`);
    await t.execute(
      sql`INSERT INTO grant_term_stats (term, docs) SELECT '', count(*)::int FROM grants`,
    );
    // Each field's average length in positions, for BM25F's length normalisation (decision 042).
    await t.execute(sql`DELETE FROM grant_field_stats`);
    await t.execute(sql`
      INSERT INTO grant_field_stats (field, average_length)
      SELECT f.field, coalesce(f.average, 0) FROM (
        SELECT unnest(ARRAY['title', 'description', 'program', 'areas', 'agency']) AS field,
          unnest(ARRAY[avg(field_ends[1] - 1), avg(field_ends[2] - field_ends[1] - 1),
            avg(field_ends[3] - field_ends[2] - 1), avg(field_ends[4] - field_ends[3] - 1),
            avg(field_ends[5] - field_ends[4] - 1)])::real AS average
        FROM grants WHERE field_ends IS NOT NULL) f`);
    await t.execute(sql`DELETE FROM grant_area_stats`);
    await t.execute(sql`
      INSERT INTO grant_area_stats (area, docs)
      SELECT area, count(*)::int FROM grants, unnest(research_areas) AS area GROUP BY area`);
  });
}

/** Each field's average length in positions (title, description, program, areas, agency), or null before any statistics exist. */
export async function findFieldStats(db: Db): Promise<Record<string, number> | null> {
  const rows = await queryRows<{ field: string; average_length: number }>(db, sql`SELECT field, average_length FROM grant_field_stats`);
  if (rows.length === 0) return null;
  return Object.fromEntries(rows.map((r) => [r.field, Number(r.average_length)]));
}

/**
 * Mines the catalogue's words, collocations and acronyms and stores them
 * (decision 042), with the Assistance Listings of `dataDir` (the shipped
 * data by default) as the programme texts.
 */
export async function refreshSearchVocabulary(db: Db, dataDir?: string): Promise<void> {
  const listings = [...loadAssistanceListings(dataDir).values()].map((l) => `${l.title}\n${l.objective ?? ''}`);
  await storeSearchVocabulary(db, await mineVocabulary(() => miningDocuments(db, listings)));
}

/**
 * Statistics and vocabulary for a catalogue that has grants but lacks them
 * (a database from before migration 0037, whose cache of programme texts the
 * migration emptied): the cache is filled from the grants, then both are
 * worked out. Returns whether it had to.
 */
export async function backfillSearchStatistics(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ grants: boolean; fields: boolean; vocabulary: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM grants) AS grants, EXISTS (SELECT 1 FROM grant_field_stats) AS fields,
      EXISTS (SELECT 1 FROM grant_ngrams WHERE gram = '') AS vocabulary`,
  );
  if (!row?.grants || (row.fields && row.vocabulary)) return false;
  await db.execute(sql`
    INSERT INTO grant_program_vectors (program_hash, program_text, vector)
    SELECT md5(p.program), p.program, to_tsvector('english', p.program)
    FROM (SELECT DISTINCT coalesce(program_title, '') || ' ' || coalesce(objectives, '') AS program FROM grants) p
    WHERE p.program <> ' '
    ON CONFLICT (program_hash) DO NOTHING`);
  await refreshTermStats(db);
  await refreshSearchVocabulary(db);
  return true;
}

/** How many grants list each of `areas` (0 for one none lists), or null before any statistics exist. */
export async function findAreaCounts(db: Db, areas: string[]): Promise<Map<string, number> | null> {
  if (areas.length === 0) return null;
  const rows = await queryRows<{ area: string; docs: number; counted: boolean }>(
    db,
    sql`
    SELECT a.area, coalesce(s.docs, 0)::int AS docs, EXISTS (SELECT 1 FROM grant_area_stats) AS counted
    FROM unnest(ARRAY[${sql.join(
      areas.map((a) => sql`${a}`),
      sql`, `,
    )}]::text[]) AS a(area)
    LEFT JOIN grant_area_stats s ON s.area = a.area`,
  );
  if (!rows[0]?.counted) return null;
  return new Map(rows.map((r) => [r.area, r.docs]));
}

export type TermRarity = { grants: number; docs: Map<string, number> };

/**
 * For each word, how many grants hold its most common lexeme (0 when none,
 * or when the word yields no lexeme), and how many grants there are; null
 * before any statistics exist.
 */
export async function findTermRarity(db: Db, words: string[]): Promise<TermRarity | null> {
  if (words.length === 0) return null;
  const rows = await queryRows<{ word: string; docs: number; grants: number | null }>(
    db,
    sql`
    SELECT k.word, coalesce(max(s.docs), 0)::int AS docs,
      (SELECT docs FROM grant_term_stats WHERE term = '') AS grants
    FROM unnest(ARRAY[${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]) AS k(word)
    LEFT JOIN LATERAL unnest(tsvector_to_array(to_tsvector('english', k.word))) AS l(lexeme) ON true
    LEFT JOIN grant_term_stats s ON s.term = l.lexeme
    GROUP BY k.word`,
  );
  const grants = rows[0]?.grants ?? 0;
  if (!grants) return null;
  return { grants, docs: new Map(rows.map((r) => [r.word, r.docs])) };
}
