// Calendar days and instants, one vocabulary for both sides (STYLE.md: one date
// library). A calendar day is an ISO string "2026-11-27" read as a UTC day, so
// arithmetic never shifts with the machine's time zone; instants go over the
// wire as ISO 8601 timestamps. date-fns does the arithmetic, @date-fns/utc keeps
// it in UTC; nothing else in the code adds days or slices toISOString().
import { UTCDate } from '@date-fns/utc';
import { addDays, addYears, differenceInCalendarDays, formatISO, isWeekend, subDays } from 'date-fns';

/** A calendar day as a UTC date (midnight). */
function utcDay(day: string): UTCDate {
  return new UTCDate(`${day}T00:00:00Z`);
}

/** The ISO calendar day ("2026-11-27") of an instant, in UTC. */
export function isoDayOf(value: Date | string | number): string {
  return formatISO(new UTCDate(typeof value === 'string' ? Date.parse(value) : value), {
    representation: 'date',
  });
}

/** Like `isoDayOf`, with null passed through (a column that may be empty). */
export function isoDayOrNull(value: Date | string | null): string | null {
  return value === null ? null : isoDayOf(value);
}

/** Today's ISO calendar day in UTC. */
export function todayIso(now: Date = new Date()): string {
  return isoDayOf(now);
}

/** An instant as an ISO 8601 timestamp ("2026-11-27T14:05:00.000Z"), as the API sends them. */
export function isoInstant(value: Date | string | number): string {
  return new Date(value).toISOString();
}

/** The calendar day `days` after `day` (before, when negative). */
export function addIsoDays(day: string, days: number): string {
  return isoDayOf(addDays(utcDay(day), days));
}

/** The same day `years` later (earlier, when negative); 29 February becomes the 28th in a common year. */
export function addIsoYears(day: string, years: number): string {
  return isoDayOf(addYears(utcDay(day), years));
}

/** Whether `value` is a real calendar day written as YYYY-MM-DD (not 2026-02-30). */
export function isRealIsoDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && isoDayOf(time) === value;
}

/** Whole calendar days from `from` to `to` (negative when `to` comes first). */
export function isoDaysBetween(from: string, to: string): number {
  return differenceInCalendarDays(utcDay(to), utcDay(from));
}

/**
 * The business day `days` working days before `day`: Monday to Friday, and
 * not a day `isHoliday` names (given the UTC midnight of an ISO day).
 */
export function subIsoBusinessDays(
  day: string,
  days: number,
  isHoliday: (utcMidnight: Date) => boolean = () => false,
): string {
  let date = utcDay(day);
  let left = days;
  while (left > 0) {
    date = subDays(date, 1);
    if (!isWeekend(date) && !isHoliday(new Date(date.getTime()))) left -= 1;
  }
  return isoDayOf(date);
}
