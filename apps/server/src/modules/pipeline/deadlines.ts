// Sponsor and internal deadlines. The sponsor deadline is the grant's close
// date; the research office wants the proposal a number of business days
// before it (its routing lead time), unless it set another date for this
// application. Business days skip Saturdays and Sundays only: holidays
// differ by institution, and an office that closes on one sets the date by
// hand (decision 033).
import { subIsoBusinessDays } from '@grantbridge/contract/days';

/** `isoDay` minus `days` business days (Monday to Friday), as an ISO day. */
export const subtractBusinessDays = subIsoBusinessDays;

/** The internal deadline: the office's own date for this application, else the lead time before the sponsor's. */
export function internalDeadlineFor(
  sponsorDeadline: string | null,
  leadBusinessDays: number,
  override: string | null,
): string | null {
  if (override) return override;
  return sponsorDeadline ? subtractBusinessDays(sponsorDeadline, leadBusinessDays) : null;
}
