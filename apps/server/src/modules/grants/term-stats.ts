// How rare each word of the catalogue is: the number of grants whose search
// vector holds each lexeme (grant_term_stats), refreshed by the importer after
// each import and read by search to weight a query's words by rarity, so
// "pollinator" outweighs "health" (docs/decisions/022-term-rarity.md). Kept in
// the database, so every instance ranks with the same numbers. Beside them,
// how many grants list each research area (grant_area_stats, decision 032).
import { sql } from 'drizzle-orm';
import { queryRows, withTransaction, type Db } from '../../db/client';

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
    await t.execute(sql`DELETE FROM grant_area_stats`);
    await t.execute(sql`
      INSERT INTO grant_area_stats (area, docs)
      SELECT area, count(*)::int FROM grants, unnest(research_areas) AS area GROUP BY area`);
  });
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
