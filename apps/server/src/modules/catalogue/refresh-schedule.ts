// When the daily refresh runs and which file it asks for: pure date rules,
// unit-tested in refresh-schedule.test.ts (decision 056).
import { addIsoDays } from '@grantbridge/contract/days';

/** Grants.gov names its daily extract by its day in US Eastern time (published about 4 am there). */
export const extractTimeZone = 'America/New_York';

/** The calendar day (YYYY-MM-DD) that an instant falls on in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** How far a time zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock time (HH:MM) on a day happens in a time zone. */
function instantOf(day: string, hhmm: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = hhmm.split(':').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  const first = wall - offsetAt(timeZone, wall);
  return new Date(wall - offsetAt(timeZone, first));
}

/** The next time after `now` that the clock in `timeZone` reads `hhmm`. */
export function nextDailyRun(hhmm: string, timeZone: string, now: Date): Date {
  const today = dayIn(timeZone, now);
  for (let days = 0; days < 3; days += 1) {
    const at = instantOf(addIsoDays(today, days), hhmm, timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
  return instantOf(addIsoDays(today, 1), hhmm, timeZone);
}

/** pg-boss's five-field cron for a daily HH:MM (read in the zone given to pg-boss as `tz`). */
export function dailyCron(hhmm: string): string {
  const [hh, mm] = hhmm.split(':').map(Number);
  return `${mm} ${hh} * * *`;
}

/**
 * The addresses to try, newest first: with {YYYYMMDD} in the template,
 * today's extract and then yesterday's (today's may not be out yet);
 * without, the address itself.
 */
export function extractCandidates(template: string, now: Date): { url: string; fileName: string }[] {
  const fileNameOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() || 'extract');
  if (!template.includes('{YYYYMMDD}')) return [{ url: template, fileName: fileNameOf(template) }];
  const today = dayIn(extractTimeZone, now);
  return [today, addIsoDays(today, -1)].map((day) => {
    const url = template.replaceAll('{YYYYMMDD}', day.replaceAll('-', ''));
    return { url, fileName: fileNameOf(url) };
  });
}
