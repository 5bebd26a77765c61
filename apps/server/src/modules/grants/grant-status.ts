// A grant's status, written once: `grantStatusFor` is the rule; the SQL in
// grant-status.repository.ts says the same to the database (the status a read
// reports, the stored status after the demo's date shift, the search's status
// filter), and grant-status.test.ts pins each SQL form to the function over a
// table of cases on the real database.
import { todayIso } from '@grantbridge/contract/days';
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
export { todayIso };

/** Open: still an opportunity (posted, or forecasted), so it takes applications. */
export function isOpenStatus(status: GrantStatus) {
  return status === 'posted' || status === 'forecasted';
}
