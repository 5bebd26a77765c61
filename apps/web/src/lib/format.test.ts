// The display formats: money, calendar dates that never shift by time zone,
// and the chat times relative to "now" in the viewer's zone.
import { describe, expect, it } from 'vitest';
import {
  formatChatTime,
  formatClockTime,
  formatDate,
  formatDateTime,
  formatDayHeading,
  formatInteger,
  formatMoney,
  formatRelativeTime,
  firstNameOf,
  initialsOf,
  nameWords,
} from './format';

/** A local wall-clock instant as the ISO string the API sends. */
const local = (year: number, month: number, day: number, hour = 12, minute = 0, second = 0) =>
  new Date(year, month - 1, day, hour, minute, second).toISOString();

describe('numbers and money', () => {
  it('groups integers by hand, rounding first', () => {
    expect(formatInteger(0)).toBe('0');
    expect(formatInteger(999)).toBe('999');
    expect(formatInteger(12345)).toBe('12,345');
    expect(formatInteger(1234567.6)).toBe('1,234,568');
  });

  it('writes dollars in full without cents', () => {
    expect(formatMoney(1_500_000)).toBe('$1,500,000');
    expect(formatMoney(2499.5)).toBe('$2,500');
    expect(formatMoney(0)).toBe('$0');
  });

  it('writes compact dollars for chips and inputs', () => {
    expect(formatMoney(1_500_000, 'compact')).toBe('$1.5M');
    expect(formatMoney(500_000, 'compact')).toBe('$500K');
    expect(formatMoney(40_000_000, 'compact')).toBe('$40M');
    expect(formatMoney(750, 'compact')).toBe('$750');
  });

  it('leaves no amount as none', () => {
    expect(formatMoney(null)).toBeNull();
    expect(formatMoney(null, 'compact')).toBeNull();
  });
});

describe('dates', () => {
  it('shows a calendar date as that day wherever the viewer is', () => {
    expect(formatDate('2027-03-01')).toBe('Mar 1, 2027');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('shows a timestamp by its UTC day', () => {
    expect(formatDate('2026-11-23T23:30:00Z')).toBe('Nov 23, 2026');
    expect(formatDate('2026-11-24T00:30:00.000Z')).toBe('Nov 24, 2026');
  });

  it('passes through what is not a date, and leaves no date as none', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate(null)).toBeNull();
  });

  it('shows a clock time and a full date and time in the viewer’s zone', () => {
    expect(formatClockTime(local(2026, 3, 4, 15, 45))).toMatch(/^3:45\sPM$/);
    expect(formatClockTime('not a time')).toBe('');
    expect(formatDateTime(local(2026, 3, 4, 9, 5))).toMatch(
      /^Wednesday, March 4, 2026 at 9:05\sAM$/,
    );
    expect(formatDateTime('not a time')).toBe('not a time');
  });
});

describe('chat times', () => {
  const now = new Date(2026, 2, 11, 10, 0); // Wednesday, March 11, 2026, 10:00

  it('lists today by clock time, then Yesterday, weekdays, month and day, and older years in full', () => {
    expect(formatChatTime(local(2026, 3, 11, 8, 15), now)).toMatch(/^8:15\sAM$/);
    expect(formatChatTime(local(2026, 3, 10, 23, 59), now)).toBe('Yesterday');
    expect(formatChatTime(local(2026, 3, 6), now)).toBe('Fri');
    expect(formatChatTime(local(2026, 3, 4), now)).toBe('Mar 4');
    expect(formatChatTime(local(2026, 1, 2), now)).toBe('Jan 2');
    expect(formatChatTime(local(2025, 12, 30), now)).toBe('Dec 30, 2025');
    expect(formatChatTime('garbage', now)).toBe('');
  });

  it('counts days by the calendar, not by 24-hour spans', () => {
    const justAfterMidnight = new Date(2026, 2, 11, 0, 5);
    expect(formatChatTime(local(2026, 3, 10, 23, 55), justAfterMidnight)).toBe('Yesterday');
    expect(formatDayHeading(local(2026, 3, 10, 23, 55), justAfterMidnight)).toBe('Yesterday');
  });

  it('heads each day of a conversation', () => {
    expect(formatDayHeading(local(2026, 3, 11, 7, 0), now)).toBe('Today');
    expect(formatDayHeading(local(2026, 3, 10), now)).toBe('Yesterday');
    expect(formatDayHeading(local(2026, 3, 4), now)).toBe('Wednesday, March 4, 2026');
    expect(formatDayHeading('garbage', now)).toBe('');
  });
});

describe('relative times', () => {
  const now = new Date(2026, 2, 11, 10, 0); // Wednesday, March 11, 2026, 10:00

  it('says how long ago: minutes, hours the same day, Yesterday, days, then the date', () => {
    expect(formatRelativeTime(local(2026, 3, 11, 9, 59, 30), now)).toBe('Just now');
    expect(formatRelativeTime(local(2026, 3, 11, 9, 55), now)).toBe('5 min ago');
    expect(formatRelativeTime(local(2026, 3, 11, 7, 0), now)).toBe('3 h ago');
    expect(formatRelativeTime(local(2026, 3, 10, 20, 0), now)).toBe('Yesterday');
    expect(formatRelativeTime(local(2026, 3, 7), now)).toBe('4 days ago');
    expect(formatRelativeTime(local(2026, 3, 2), now)).toBe('Mar 2');
    expect(formatRelativeTime(local(2025, 12, 30), now)).toBe('Dec 30, 2025');
    expect(formatRelativeTime('garbage', now)).toBe('');
  });

  it('counts minutes across midnight, and a clock a little ahead as now', () => {
    const justAfterMidnight = new Date(2026, 2, 11, 0, 5);
    expect(formatRelativeTime(local(2026, 3, 10, 23, 55), justAfterMidnight)).toBe('10 min ago');
    expect(formatRelativeTime(local(2026, 3, 11, 10, 2), now)).toBe('Just now');
  });
});

describe('initials', () => {
  it('takes the first and last name’s initials', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('priya')).toBe('P');
    expect(initialsOf('   ')).toBe('?');
  });

  it('skips honorifics, as the people they name would', () => {
    expect(initialsOf('Dr. Jordan Ellery')).toBe('JE');
    expect(initialsOf('  Dr. Jordan  Q.  Ellery ')).toBe('JE');
    expect(initialsOf('Prof. Dr. Ada Lovelace')).toBe('AL');
    expect(initialsOf('dr ada')).toBe('A');
    expect(initialsOf('Professor Mei Drummond')).toBe('MD');
    // A surname that only looks like a title is kept when it is not first.
    expect(initialsOf('Ada Dr')).toBe('AD');
    expect(initialsOf('Dr.')).toBe('D');
  });

  it('gives the first name past any honorific', () => {
    expect(firstNameOf('Dr. Avery Castellano')).toBe('Avery');
    expect(firstNameOf('Morgan Halvorsen')).toBe('Morgan');
    expect(nameWords('Mx. Sam  Lee')).toEqual(['Sam', 'Lee']);
  });
});
