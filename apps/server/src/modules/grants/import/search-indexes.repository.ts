// The catalogue's GIN indexes (search and title vectors, research areas,
// agency keys, listing numbers) during a first load (decisions 065, 067): an
// import into an empty catalogue drops them, inserts, and builds each once at
// the end, as PostgreSQL's "Populating a Database" advises; keeping them up
// row by row cost a quarter of the database's CPU.
// Their definitions are kept in app_meta in the transaction that drops them,
// so an import killed part-way leaves a note that the next import, or the
// next start, builds them from.
import { sql } from 'drizzle-orm';
import { queryRows, withTransaction, type Db } from '../../../db/client';
import { deleteMeta, getMeta, setMeta } from '../../../db/meta';

const metaKey = 'grants_deferred_indexes';

/**
 * When the catalogue is empty, drops its GIN indexes and returns how many;
 * 0 when it holds grants or the indexes are already gone (another import
 * into the same empty catalogue deferred them first).
 */
export async function deferSearchIndexes(db: Db): Promise<number> {
  return withTransaction(db, async (t) => {
    // Writers wait (readers do not) while the catalogue is found empty and the indexes go.
    await t.execute(sql`LOCK TABLE grants IN SHARE ROW EXCLUSIVE MODE`);
    const [holds] = await queryRows<{ any: boolean }>(t, sql`SELECT EXISTS (SELECT 1 FROM grants) AS any`);
    if (holds?.any) return 0;
    const indexes = await queryRows<{ name: string; definition: string }>(
      t,
      sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = 'grants' AND indexdef LIKE '% USING gin %'
        ORDER BY indexname`,
    );
    if (indexes.length === 0) return 0;
    const kept = JSON.stringify(indexes);
    await setMeta(t, metaKey, kept);
    for (const index of indexes) await t.execute(sql.raw(`DROP INDEX ${quoteIdent(index.name)}`));
    return indexes.length;
  });
}

/**
 * Builds the indexes a first load deferred, if any are noted (side by side on
 * a PostgreSQL server), then removes the note. Returns how many were noted.
 */
export async function restoreSearchIndexes(db: Db): Promise<number> {
  const note = await getMeta(db, metaKey);
  if (!note) return 0;
  const indexes = JSON.parse(note) as { name: string; definition: string }[];
  await Promise.all(
    indexes.map((index) => db.execute(sql.raw(index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')))),
  );
  await deleteMeta(db, metaKey);
  return indexes.length;
}

function quoteIdent(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}
