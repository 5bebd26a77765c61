// Days left to a deadline, as the pipeline shows them beside every date.
import { differenceInCalendarDays } from 'date-fns';

/** Whole days from `today` to `isoDay` (negative once it has passed). */
export function daysUntil(isoDay: string, today: Date = new Date()): number {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return differenceInCalendarDays(new Date(y, m - 1, d), today);
}

/** "Due today", "1 day left", "12 days left", "Passed 3 days ago". */
export function daysLeftLabel(isoDay: string, today: Date = new Date()): string {
  const days = daysUntil(isoDay, today);
  if (days === 0) return 'Due today';
  if (days > 0) return `${days} day${days === 1 ? '' : 's'} left`;
  return `Passed ${-days} day${days === -1 ? '' : 's'} ago`;
}

/** How urgent a deadline looks: passed, within a week, or later. */
export function deadlineTone(isoDay: string, today: Date = new Date()): 'red' | 'amber' | 'neutral' {
  const days = daysUntil(isoDay, today);
  if (days < 0) return 'red';
  return days <= 7 ? 'amber' : 'neutral';
}
