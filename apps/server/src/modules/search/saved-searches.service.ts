// Saved searches: a name, the query and the URL filters, and the alert
// cadence a later alerting job will use. Only the owner sees or changes one.
import type { SavedSearch } from '@grantbridge/contract/grants';
import { isUuid } from '@grantbridge/contract/ids';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  deleteSavedSearchRow,
  insertSavedSearch,
  listSavedSearchRows,
  listSavedSearchRowsOf,
  updateSavedSearchRow,
  type SavedSearchRow,
} from './saved-searches.repository';

const maxPerUser = 100;

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    filters: (row.filters ?? {}) as Record<string, unknown>,
    alertCadence: row.alertCadence,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSavedSearches(db: Db, userId: string) {
  return (await listSavedSearchRows(db, userId)).map(toSavedSearch);
}

/** Several people's saved searches at once, by id (alert e-mails name the search they came from). */
export async function savedSearchesById(db: Db, userIds: string[]): Promise<Map<string, SavedSearch>> {
  return new Map((await listSavedSearchRowsOf(db, userIds)).map((row) => [row.id, toSavedSearch(row)]));
}

export async function createSavedSearch(
  db: Db,
  userId: string,
  input: { name: string; query: string; filters: Record<string, unknown>; alertCadence: 'off' | 'instant' | 'daily' | 'weekly' },
) {
  if ((await listSavedSearchRows(db, userId)).length >= maxPerUser) {
    throw new AppError('validation_failed', `You can keep at most ${maxPerUser} saved searches. Delete one first.`);
  }
  return toSavedSearch(await insertSavedSearch(db, { userId, ...input }));
}

export async function renameSavedSearch(
  db: Db,
  userId: string,
  id: string,
  changes: { name?: string; alertCadence?: 'off' | 'instant' | 'daily' | 'weekly' },
) {
  const row = isUuid(id) ? await updateSavedSearchRow(db, userId, id, changes) : undefined;
  if (!row) throw new AppError('not_found', 'Saved search not found.');
  return toSavedSearch(row);
}

export async function deleteSavedSearch(db: Db, userId: string, id: string) {
  if (!isUuid(id) || !(await deleteSavedSearchRow(db, userId, id))) {
    throw new AppError('not_found', 'Saved search not found.');
  }
}
