// A grant's status, written once: `grantStatusFor` is the rule; the SQL below
// says the same to the database (the status a read reports, the stored status
// after the demo's date shift, the search's status filter), and
// grant-status.test.ts pins each SQL form to the function over a table of
// cases on the real database.
import { sql, type SQL } from 'drizzle-orm';
import type { GrantStatus } from '@grantbridge/contract/grants';

export type StatusDates = {
  recordKind: 'synopsis' | 'forecast';
  closeDate: string | null;
  archiveDate: string | null;
};

/**
 * Anything is archived after its archive date; anything whose (estimated)
 * close date has passed is closed, forecasts included, since a forecast whose
 * due date went by without a synopsis is no longer an opportunity to plan for;
 * otherwise a forecast is forecasted and a synopsis posted. Dates are ISO days.
 */
export function grantStatusFor(record: StatusDates, today: string): GrantStatus {
  if (record.archiveDate && record.archiveDate < today) return 'archived';
  if (record.closeDate && record.closeDate < today) return 'closed';
  if (record.recordKind === 'forecast') return 'forecasted';
  return 'posted';
}

/** Today in UTC as an ISO day, the date statuses are computed for unless told otherwise. */
export function todayIso(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/** Open: still an opportunity (posted, or forecasted), so it takes applications. */
export function isOpenStatus(status: GrantStatus) {
  return status === 'posted' || status === 'forecasted';
}

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
