// The one place that formats numbers and dates for display.
// Formatters are built on first use: building an Intl formatter is slow (the
// first one loads locale data), and this module is on the home page's
// critical path, which needs none of them.
import { differenceInCalendarDays } from 'date-fns';

function lazy<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

/** "12,345": grouped by hand, so the home page's figures need no Intl locale data. */
export function formatInteger(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Titles written before a name, which neither initials nor a first name include. */
const honorific = /^(?:dr|prof|professor|mr|mrs|ms|mx|sir|dame)\.?$/i;

/** "Dr. Jordan Ellery" → ["Jordan", "Ellery"]: the name's words, past any honorifics. */
export function nameWords(name: string): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words.findIndex((word) => !honorific.test(word));
  // A name that is nothing but a title ("Dr.") keeps it rather than vanish.
  return first < 0 ? words : words.slice(first);
}

/** "Dr. Jordan Ellery" → "Jordan". */
export function firstNameOf(name: string): string {
  return nameWords(name)[0] ?? name;
}

/** "Dr. Jordan Q. Ellery" → "JE": first and last name, honorifics skipped. */
export function initialsOf(name: string): string {
  const parts = nameWords(name);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export const roleLabels = {
  researcher: 'Researcher / Professor',
  admin: 'Administrator',
} as const;

const moneyFormats = {
  full: lazy(
    () =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 0,
      }),
  ),
  compact: lazy(
    () =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        notation: 'compact',
        // Stated, not left to the engine: without it Node's ICU writes "$500.0K".
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      }),
  ),
};

/**
 * Dollars: in full without cents ("$1,500,000"), or compact for chips and
 * inputs ("$1.5M", "$500K"). No amount (null) stays null.
 */
export function formatMoney(value: number, style?: keyof typeof moneyFormats): string;
export function formatMoney(value: number | null, style?: keyof typeof moneyFormats): string | null;
export function formatMoney(
  value: number | null,
  style: keyof typeof moneyFormats = 'full',
): string | null {
  if (value === null) return null;
  return moneyFormats[style]().format(style === 'full' ? Math.round(value) : value);
}

const dateFormat = lazy(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/**
 * "2027-03-01" (or a full ISO timestamp) as "Mar 1, 2027"; calendar dates
 * never shift by time zone. No date (null) stays null.
 */
export function formatDate(value: string): string;
export function formatDate(value: string | null): string | null;
export function formatDate(value: string | null): string | null {
  if (value === null) return null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat().format(date);
}

const clockFormat = lazy(
  () => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }),
);
const weekdayFormat = lazy(() => new Intl.DateTimeFormat('en-US', { weekday: 'short' }));
const monthDayFormat = lazy(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }),
);
const longDayFormat = lazy(
  () =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }),
);

const daysBetween = (earlier: Date, later: Date) => differenceInCalendarDays(later, earlier);

/** A message's clock time in the viewer's zone: "3:45 PM". */
export function formatClockTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : clockFormat().format(date);
}

/** Chat-list time: "3:45 PM" today, "Yesterday", "Mon" this week, else "Mar 4" (or with the year). */
export function formatChatTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const days = daysBetween(date, now);
  if (days <= 0) return clockFormat().format(date);
  if (days === 1) return 'Yesterday';
  if (days < 7) return weekdayFormat().format(date);
  if (date.getFullYear() === now.getFullYear()) return monthDayFormat().format(date);
  return formatDate(iso);
}

/** Day separators in a conversation: "Today", "Yesterday", "Monday, March 4, 2026". */
export function formatDayHeading(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const days = daysBetween(date, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return longDayFormat().format(date);
}

/** Full date and time for a tooltip or screen reader: "Monday, March 4, 2026 at 3:45 PM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : `${longDayFormat().format(date)} at ${clockFormat().format(date)}`;
}

/**
 * How long ago, for notifications: "Just now", "5 min ago", "3 h ago" (the
 * same day), "Yesterday", "4 days ago", then the date ("Mar 4", or with the year).
 */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const days = daysBetween(date, now);
  if (days <= 0) return `${Math.floor(minutes / 60)} h ago`;
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  if (date.getFullYear() === now.getFullYear()) return monthDayFormat().format(date);
  return formatDate(iso);
}
