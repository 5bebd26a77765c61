// Sponsor and internal deadlines. The sponsor deadline is the grant's close
// date; the research office wants the proposal a number of business days
// before it (its routing lead time), unless it set another date for this
// application. Business days skip Saturdays, Sundays and the US federal
// holidays as observed (18F's list: a Saturday holiday is kept on the Friday,
// a Sunday one on the Monday); an office closed on another day sets the date
// by hand (decision 033, amended by issue 30).
import usFederalHolidays from '@18f/us-federal-holidays';
import { subIsoBusinessDays } from '@grantbridge/contract/days';

const isFederalHoliday = (utcMidnight: Date) => usFederalHolidays.isAHoliday(utcMidnight, { utc: true });

/** `isoDay` minus `days` business days (Monday to Friday, not a federal holiday), as an ISO day. */
export function subtractBusinessDays(isoDay: string, days: number): string {
  return subIsoBusinessDays(isoDay, days, isFederalHoliday);
}

/** The internal deadline: the office's own date for this application, else the lead time before the sponsor's. */
export function internalDeadlineFor(
  sponsorDeadline: string | null,
  leadBusinessDays: number,
  override: string | null,
): string | null {
  if (override) return override;
  return sponsorDeadline ? subtractBusinessDays(sponsorDeadline, leadBusinessDays) : null;
}
