// The viewer's calendar day as an ISO day ("2026-11-25"), for rules that ask
// what is upcoming "from today": the stat view and My Grants count the same
// deadlines only if they agree on which day today is.
import { formatISO } from 'date-fns';

/** `date`'s day in the browser's time zone, not UTC's. */
export function localIsoDay(date: Date = new Date()): string {
  return formatISO(date, { representation: 'date' });
}
