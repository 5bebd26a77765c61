// Keyset paging, newest first, for lists that grow while people read them
// (the feed, comments, notifications): a cursor is the last row's created_at
// to the microsecond (as PostgreSQL prints it) and its id, base64url; rows
// added meanwhile come before it, so nothing repeats or is skipped. Anything
// that is not a cursor we gave out is 400 validation_failed.
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../errors';

export type Cursor = { key: string; id: string };

/** `column` to the microsecond in UTC: select it as `created_key` to page by it. */
export const createdKeySql = (column: string): SQL => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

export function encodeCursor(row: { created_key: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.created_key, row.id])).toString('base64url');
}

/** The cursor, null when none was given; `what` names the list in the error ("feed"). */
export function decodeCursor(cursor: string | undefined, what: string): Cursor | null {
  if (!cursor) return null;
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof key === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key) && typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id)) {
      return { key, id };
    }
  } catch {
    // falls through to the error below
  }
  throw new AppError('validation_failed', `That is not a cursor this ${what} gave out.`, {
    errors: [{ path: 'cursor', message: `Not a ${what} cursor` }],
  });
}
