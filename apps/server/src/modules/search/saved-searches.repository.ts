// SQL for saved searches.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { savedSearches } from '../../db/schema/search';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export async function listSavedSearchRows(db: Db, userId: string) {
  return db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt));
}

export async function listSavedSearchRowsOf(db: Db, userIds: string[]) {
  if (!userIds.length) return [];
  return db.select().from(savedSearches).where(inArray(savedSearches.userId, userIds));
}

export async function insertSavedSearch(db: Db, row: typeof savedSearches.$inferInsert) {
  const [created] = await db.insert(savedSearches).values(row).returning();
  return created!;
}

export async function updateSavedSearchRow(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<Pick<SavedSearchRow, 'name' | 'alertCadence'>>,
) {
  const [row] = await db
    .update(savedSearches)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row;
}

export async function deleteSavedSearchRow(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

export type AlertingSearchRow = {
  id: string;
  user_id: string;
  name: string;
  query: string;
  filters: Record<string, unknown>;
  alert_cadence: 'instant' | 'daily' | 'weekly';
};

/** Every saved search with alerts on, by id. */
export async function listAlertingSearchRows(db: Db) {
  return queryRows<AlertingSearchRow>(
    db,
    sql`SELECT id, user_id, name, query, filters, alert_cadence FROM saved_searches WHERE alert_cadence <> 'off' ORDER BY id`,
  );
}
