import { describe, expect, it } from 'vitest';
import {
  addIsoDays,
  addIsoYears,
  isRealIsoDay,
  isoDayOf,
  isoDayOrNull,
  isoDaysBetween,
  isoInstant,
  subIsoBusinessDays,
  todayIso,
} from './days';

describe('calendar days', () => {
  it('reads the UTC day of an instant, whatever the time of day', () => {
    expect(isoDayOf(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
    expect(isoDayOf('2026-11-28T00:00:00Z')).toBe('2026-11-28');
    expect(isoDayOf(Date.UTC(2024, 1, 29))).toBe('2024-02-29');
    expect(isoDayOrNull(null)).toBeNull();
    expect(todayIso(new Date('2027-01-01T05:00:00Z'))).toBe('2027-01-01');
    expect(isoInstant('2026-11-27T14:05:00Z')).toBe('2026-11-27T14:05:00.000Z');
  });

  it('adds and counts days across months, leap days and years', () => {
    expect(addIsoDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addIsoDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addIsoDays('2026-03-08', 92)).toBe('2026-06-08');
    expect(isoDaysBetween('2026-11-27', '2026-12-25')).toBe(28);
    expect(addIsoYears('2026-05-10', -1)).toBe('2025-05-10');
    expect(addIsoYears('2028-02-29', -1)).toBe('2027-02-28');
    expect(isoDaysBetween('2026-12-25', '2026-11-27')).toBe(-28);
    // The US change to summer time (2026-03-08) does not make a day short.
    expect(isoDaysBetween('2026-03-07', '2026-03-09')).toBe(2);
  });

  it('knows a real day from a malformed or impossible one', () => {
    expect(isRealIsoDay('2028-02-29')).toBe(true);
    expect(isRealIsoDay('2027-02-29')).toBe(false);
    expect(isRealIsoDay('2026-13-01')).toBe(false);
    expect(isRealIsoDay('2026-1-01')).toBe(false);
  });

  it('steps back over weekends for business days', () => {
    // Monday 2026-11-30 less 1 business day is Friday 2026-11-27; less 5 is the Monday before.
    expect(subIsoBusinessDays('2026-11-30', 1)).toBe('2026-11-27');
    expect(subIsoBusinessDays('2026-11-30', 5)).toBe('2026-11-23');
    // From a Sunday, one business day back is the Friday.
    expect(subIsoBusinessDays('2026-11-29', 1)).toBe('2026-11-27');
    expect(subIsoBusinessDays('2026-11-29', 0)).toBe('2026-11-29');
  });
});
