// SQL forms of a grant's status rule (`grantStatusFor` in grant-status.ts):
// the status a read reports and the search's status filter, each pinned to
// the rule by grant-status.test.ts on the real database.
import { sql, type SQL } from 'drizzle-orm';
import type { GrantStatus } from '@grantbridge/contract/grants';

/** `grantStatusFor` over a grants row; `today` is an SQL date. */
export function grantStatusSql(today: SQL): SQL {
  return sql`CASE
    WHEN archive_date IS NOT NULL AND archive_date < ${today} THEN 'archived'
    WHEN close_date IS NOT NULL AND close_date < ${today} THEN 'closed'
    WHEN record_kind = 'forecast' THEN 'forecasted'
    ELSE 'posted' END`;
}

/**
 * Rows whose `grantStatusFor` is one of `statuses`, as a search filter. "Still
 * open" is written as coalesce(close_date, infinity) so that it is checked row
 * by row: as a plain close_date range the planner ANDs a bitmap of the
 * (close_date, id) index, tens of thousands of entries, into every keyword
 * retrieval, which costs more than the rows it removes.
 */
export function grantStatusCondition(statuses: readonly GrantStatus[], today: string): SQL {
  const notArchived = sql`(archive_date IS NULL OR archive_date >= ${today}::date)`;
  const stillOpen = sql`coalesce(close_date, 'infinity'::date) >= ${today}::date`;
  // The default (forecasted and posted): every record is one kind or the other.
  if (statuses.length === 2 && statuses.includes('forecasted') && statuses.includes('posted')) {
    return sql`(${stillOpen} AND ${notArchived})`;
  }
  const parts = statuses.map((status) => {
    switch (status) {
      case 'archived':
        return sql`(archive_date IS NOT NULL AND archive_date < ${today}::date)`;
      case 'forecasted':
        return sql`(record_kind = 'forecast' AND ${stillOpen} AND ${notArchived})`;
      case 'closed':
        return sql`(close_date < ${today}::date AND ${notArchived})`;
      case 'posted':
        return sql`(record_kind = 'synopsis' AND ${stillOpen} AND ${notArchived})`;
    }
  });
  return sql`(${sql.join(parts, sql` OR `)})`;
}
