// How rare each word of the catalogue is: the number of grants whose search
// vector holds each lexeme (grant_term_stats), refreshed by the importer after
// each import and read by search to weight a query's words by rarity, so
// "pollinator" outweighs "health" (docs/decisions/022-term-rarity.md). Kept in
// the database, so every instance ranks with the same numbers. Beside them,
// how many grants list each research area (grant_area_stats, decision 032).
import { withTransaction, type Db } from '../../db/client';
import { loadAssistanceListings } from './import/enrich-record';
import { mineVocabulary } from './search-vocabulary';
import { miningDocuments, storeSearchVocabulary } from './search-vocabulary.repository';
import {
  fillProgramVectors,
  findStatisticsPresence,
  listAreaCounts,
  listFieldStats,
  listTermRarity,
  lockTermStats,
  recountAreaStats,
  recountFieldStats,
  recountTermStats,
} from './term-stats.repository';

/** Recounts every lexeme of the catalogue, in one transaction (readers see the old numbers until it commits). */
export async function refreshTermStats(db: Db): Promise<void> {
  await withTransaction(db, async (t) => {
    // Two importers finishing together take turns instead of colliding on the key.
    await lockTermStats(t);
    await recountTermStats(t);
    await recountFieldStats(t);
    await recountAreaStats(t);
  });
}

/** Each field's average length in positions (title, description, program, areas, agency), or null before any statistics exist. */
export async function findFieldStats(db: Db): Promise<Record<string, number> | null> {
  const rows = await listFieldStats(db);
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
  const row = await findStatisticsPresence(db);
  if (!row?.grants || (row.fields && row.vocabulary)) return false;
  await fillProgramVectors(db);
  await refreshTermStats(db);
  await refreshSearchVocabulary(db);
  return true;
}

/** How many grants list each of `areas` (0 for one none lists), or null before any statistics exist. */
export async function findAreaCounts(db: Db, areas: string[]): Promise<Map<string, number> | null> {
  if (areas.length === 0) return null;
  const rows = await listAreaCounts(db, areas);
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
  const rows = await listTermRarity(db, words);
  const grants = rows[0]?.grants ?? 0;
  if (!grants) return null;
  return { grants, docs: new Map(rows.map((r) => [r.word, r.docs])) };
}
