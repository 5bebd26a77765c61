// SQL for the catalogue's search statistics (term-stats.ts): how many grants
// hold each lexeme (grant_term_stats), each field's average length
// (grant_field_stats) and how many grants list each research area
// (grant_area_stats), recounted after each import and read by search.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** Holds off any other recount until the transaction `tx` ends. */
export async function lockTermStats(tx: Db) {
  await tx.execute(sql`LOCK TABLE grant_term_stats IN EXCLUSIVE MODE`);
}

/** Counts again the grants holding each lexeme, and (under the empty term) all grants. */
export async function recountTermStats(db: Db) {
  await db.execute(sql`DELETE FROM grant_term_stats`);
  await db.execute(sql`
      INSERT INTO grant_term_stats (term, docs)
      SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM grants WHERE search_vector IS NOT NULL')`);
  await db.execute(
    sql`INSERT INTO grant_term_stats (term, docs) SELECT '', count(*)::int FROM grants`,
  );
}

/** Works out each field's average length in positions again, for BM25F's length normalisation (decision 042). */
export async function recountFieldStats(db: Db) {
  await db.execute(sql`DELETE FROM grant_field_stats`);
  await db.execute(sql`
      INSERT INTO grant_field_stats (field, average_length)
      SELECT f.field, coalesce(f.average, 0) FROM (
        SELECT unnest(ARRAY['title', 'description', 'program', 'areas', 'agency']) AS field,
          unnest(ARRAY[avg(field_ends[1] - 1), avg(field_ends[2] - field_ends[1] - 1),
            avg(field_ends[3] - field_ends[2] - 1), avg(field_ends[4] - field_ends[3] - 1),
            avg(field_ends[5] - field_ends[4] - 1)])::real AS average
        FROM grants WHERE field_ends IS NOT NULL) f`);
}

/** Counts again the grants listing each research area. */
export async function recountAreaStats(db: Db) {
  await db.execute(sql`DELETE FROM grant_area_stats`);
  await db.execute(sql`
      INSERT INTO grant_area_stats (area, docs)
      SELECT area, count(*)::int FROM grants, unnest(research_areas) AS area GROUP BY area`);
}

/** Each field's average length in positions, one row per field (none before any statistics exist). */
export async function listFieldStats(db: Db) {
  return queryRows<{ field: string; average_length: number }>(db, sql`SELECT field, average_length FROM grant_field_stats`);
}

/** Whether the catalogue has grants, field statistics and a mined vocabulary. */
export async function findStatisticsPresence(db: Db) {
  const [row] = await queryRows<{ grants: boolean; fields: boolean; vocabulary: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM grants) AS grants, EXISTS (SELECT 1 FROM grant_field_stats) AS fields,
      EXISTS (SELECT 1 FROM grant_ngrams WHERE gram = '') AS vocabulary`,
  );
  return row;
}

/** Fills the cache of programme texts and their vectors from the grants' programme titles and objectives. */
export async function fillProgramVectors(db: Db) {
  await db.execute(sql`
    INSERT INTO grant_program_vectors (program_hash, program_text, vector)
    SELECT md5(p.program), p.program, to_tsvector('english', p.program)
    FROM (SELECT DISTINCT coalesce(program_title, '') || ' ' || coalesce(objectives, '') AS program FROM grants) p
    WHERE p.program <> ' '
    ON CONFLICT (program_hash) DO NOTHING`);
}

/** How many grants list each of `areas` (0 for one none lists), and whether any area is counted yet. */
export async function listAreaCounts(db: Db, areas: string[]) {
  return queryRows<{ area: string; docs: number; counted: boolean }>(
    db,
    sql`
    SELECT a.area, coalesce(s.docs, 0)::int AS docs, EXISTS (SELECT 1 FROM grant_area_stats) AS counted
    FROM unnest(ARRAY[${sql.join(
      areas.map((a) => sql`${a}`),
      sql`, `,
    )}]::text[]) AS a(area)
    LEFT JOIN grant_area_stats s ON s.area = a.area`,
  );
}

/** For each word, how many grants hold its most common lexeme (0 when none), with how many grants there are (null before any count). */
export async function listTermRarity(db: Db, words: string[]) {
  return queryRows<{ word: string; docs: number; grants: number | null }>(
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
}
