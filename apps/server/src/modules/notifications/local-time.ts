// A person's calendar: the local date, hour and weekday of an instant in
// their time zone, and the digest slots (the last time their digest hour came
// round, daily or on a Monday), so digests follow the person's clock.
import { addIsoDays } from '@grantbridge/contract/days';

export type LocalTime = { day: string; hour: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

export function localTime(at: Date, timeZone: string): LocalTime {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), weekday: weekdays.indexOf(parts.weekday!) };
}

/** The local day of the latest daily slot at or before `now` (today once the hour has come, else yesterday). */
export function dailySlot(now: LocalTime, hour: number): string {
  return now.hour >= hour ? now.day : addIsoDays(now.day, -1);
}

/** The local day of the latest Monday slot at or before `now`. */
export function weeklySlot(now: LocalTime, hour: number): string {
  const sinceMonday = (now.weekday + 6) % 7;
  const monday = addIsoDays(now.day, -sinceMonday);
  return sinceMonday === 0 && now.hour < hour ? addIsoDays(monday, -7) : monday;
}

/** The instant that is `hour`:00 on local `day` in `timeZone`. */
export function zonedInstant(day: string, hour: number, timeZone: string): Date {
  const wanted = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const local = localTime(new Date(guess), timeZone);
    const seen = Date.parse(`${local.day}T${String(local.hour).padStart(2, '0')}:00:00Z`);
    if (seen === wanted) break;
    guess += wanted - seen;
  }
  return new Date(guess);
}
