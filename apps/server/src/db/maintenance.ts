// PGlite runs no autovacuum (one process, no background workers): left alone,
// its tables keep every row version an update leaves behind, the planner's
// statistics go stale, and index-only scans (the research office's counts,
// decision 038) must visit the table for every row. A nightly scheduled job
// does on PGlite what autovacuum does on PostgreSQL, which needs nothing.
import type { Database } from './client';

/** VACUUM (ANALYZE) of the embedded database; false (nothing to do) on PostgreSQL. */
export async function maintainEmbeddedDatabase(database: Database): Promise<boolean> {
  if (database.kind !== 'pglite' || !database.pglite) return false;
  // Outside any transaction (VACUUM refuses one): PGlite runs it between the app's statements.
  await database.pglite.exec('VACUUM (ANALYZE)');
  return true;
}
