// Reads the catalogue's text for mining and stores what search-vocabulary.ts
// finds (decision 042): grant_words, grant_ngrams (the row '' holds how many
// documents were mined), grant_acronyms (the row with expansion '' holds in
// how many documents the acronym is written in capitals). Replaced whole in
// one transaction after each import, so readers see the old or the new.
import { sql } from 'drizzle-orm';
import { positionalSql, queryRows, withTransaction, type Db } from '../../db/client';
import { expansionKey, type MinedVocabulary } from './search-vocabulary';

/** At most this many grants are mined (a random sample by id; plenty to see a language's units). */
export const minedGrantsMax = 50_000;
const pageSize = 500;
/** Description characters mined per grant. */
const descriptionChars = 6_000;

/**
 * The documents to mine: each sampled grant's title and description, then
 * each programme text once (thousands of grants share a programme; counted
 * per grant, its sentences would pass for the catalogue's language): every
 * Assistance Listing the importer reads when given, else those the
 * catalogue's grants name.
 */
export async function* miningDocuments(db: Db, listings: Iterable<string> = [], limit = minedGrantsMax): AsyncIterable<string> {
  const page = (after: string | null, size: number) => {
    const rows = queryRows<{ id: string; text: string }>(
      db,
      sql`SELECT id, title || E'\n' || left(coalesce(description, ''), ${descriptionChars}) AS text FROM grants
        WHERE ${after === null ? sql`true` : sql`id > ${after}::uuid`}
        ORDER BY id LIMIT ${size}`,
    );
    // Read ahead while the page before is mined; a reader that stops early leaves no unhandled failure.
    rows.catch(() => undefined);
    return rows;
  };
  let read = 0;
  let next = limit > 0 ? page(null, Math.min(pageSize, limit)) : null;
  while (next) {
    const rows = await next;
    if (rows.length === 0) break;
    read += rows.length;
    next = read < limit ? page(rows[rows.length - 1]!.id, Math.min(pageSize, limit - read)) : null;
    for (const row of rows) yield row.text;
  }
  let listed = 0;
  for (const text of listings) {
    listed += 1;
    yield text.slice(0, descriptionChars);
  }
  if (listed > 0) return;
  let afterHash: string | null = null;
  for (;;) {
    const rows: { program_hash: string; program_text: string }[] = await queryRows<{ program_hash: string; program_text: string }>(
      db,
      sql`SELECT program_hash, left(program_text, ${descriptionChars}) AS program_text FROM grant_program_vectors
        WHERE ${afterHash === null ? sql`true` : sql`program_hash > ${afterHash}`}
        ORDER BY program_hash LIMIT ${pageSize}`,
    );
    if (rows.length === 0) break;
    for (const row of rows) yield row.program_text;
    afterHash = rows[rows.length - 1]!.program_hash;
  }
}

async function insertChunks(db: Db, table: 'grant_words' | 'grant_ngrams', key: 'word' | 'gram', entries: [string, number][]) {
  for (let i = 0; i < entries.length; i += 5000) {
    const chunk = entries.slice(i, i + 5000).map(([k, docs]) => ({ k, docs }));
    await queryRows(
      db,
      positionalSql(
        `INSERT INTO ${table} (${key}, docs) SELECT r.k, r.docs FROM json_to_recordset($1::json) AS r(k text, docs int)`,
        [JSON.stringify(chunk)],
      ),
    );
  }
}

/** Replaces the stored vocabulary with `mined`, in one transaction. */
export async function storeSearchVocabulary(db: Db, mined: MinedVocabulary): Promise<void> {
  await withTransaction(db, async (t) => {
    // Two importers finishing together take turns instead of colliding on the keys.
    await t.execute(sql`LOCK TABLE grant_ngrams IN EXCLUSIVE MODE`);
    await t.execute(sql`DELETE FROM grant_words`);
    await t.execute(sql`DELETE FROM grant_ngrams`);
    await t.execute(sql`DELETE FROM grant_acronyms`);
    // The row '' is the vocabulary's version: processes that cache it see a new one.
    await insertChunks(t, 'grant_words', 'word', [['', Math.floor(Date.now() / 1000) % 2_000_000_000], ...mined.words]);
    await insertChunks(t, 'grant_ngrams', 'gram', [['', mined.documents], ...mined.grams]);
    const acronyms = [...mined.acronyms].flatMap(([acronym, expansions]) => [
      { acronym, expansion: '', key: '', docs: mined.capitals.get(acronym) ?? 0 },
      ...[...expansions].map(([expansion, docs]) => ({ acronym, expansion, key: expansionKey(expansion), docs })),
    ]);
    for (let i = 0; i < acronyms.length; i += 5000) {
      await queryRows(
        t,
        positionalSql(
          `INSERT INTO grant_acronyms (acronym, expansion, expansion_key, docs)
           SELECT r.acronym, r.expansion, r.key, r.docs FROM json_to_recordset($1::json) AS r(acronym text, expansion text, key text, docs int)
           ON CONFLICT DO NOTHING`,
          [JSON.stringify(acronyms.slice(i, i + 5000))],
        ),
      );
    }
  });
}

/** Every word the catalogue uses at least `minDocs` times, with its documents (for spelling). */
export async function findVocabularyWords(db: Db, minDocs: number): Promise<{ word: string; docs: number }[]> {
  return queryRows(db, sql`SELECT word, docs FROM grant_words WHERE docs >= ${minDocs} AND word <> ''`);
}

/** When the vocabulary was last replaced (a changing number; 0 before any). */
export async function findVocabularyVersion(db: Db): Promise<number> {
  const [row] = await queryRows<{ v: number }>(db, sql`SELECT coalesce((SELECT docs FROM grant_words WHERE word = ''), 0)::int AS v`);
  return row?.v ?? 0;
}
