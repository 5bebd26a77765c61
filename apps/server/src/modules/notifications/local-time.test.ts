// Digest slots, reminder lead times and local days, worked by hand.
import { describe, expect, it } from 'vitest';
import { parseAt } from '../../cli/jobs-run-due';
import { dailySlot, localTime, weeklySlot, zonedInstant } from './local-time';
import { dueLeadTime } from './reminder-jobs';

describe('localTime', () => {
  it('reads the day, hour and weekday where the person lives', () => {
    // 2026-11-30 is a Monday; 03:30 UTC is still Sunday evening in Chicago (UTC−6 in winter).
    expect(localTime(new Date('2026-11-30T03:30:00Z'), 'America/Chicago')).toEqual({ day: '2026-11-29', hour: 21, weekday: 0 });
    expect(localTime(new Date('2026-11-30T03:30:00Z'), 'Europe/Berlin')).toEqual({ day: '2026-11-30', hour: 4, weekday: 1 });
  });

  it('finds the instant of a local hour, across a daylight-saving change', () => {
    expect(zonedInstant('2026-11-30', 8, 'America/New_York').toISOString()).toBe('2026-11-30T13:00:00.000Z');
    expect(zonedInstant('2026-07-01', 8, 'America/New_York').toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(zonedInstant('2026-03-09', 8, 'America/Los_Angeles').toISOString()).toBe('2026-03-09T15:00:00.000Z');
  });

});

describe('digest slots', () => {
  it('daily: today once the hour has come, else yesterday', () => {
    expect(dailySlot({ day: '2026-11-25', hour: 7, weekday: 3 }, 8)).toBe('2026-11-24');
    expect(dailySlot({ day: '2026-11-25', hour: 8, weekday: 3 }, 8)).toBe('2026-11-25');
  });

  it('weekly: the latest Monday whose hour has come', () => {
    expect(weeklySlot({ day: '2026-11-30', hour: 9, weekday: 1 }, 8)).toBe('2026-11-30');
    expect(weeklySlot({ day: '2026-11-30', hour: 7, weekday: 1 }, 8)).toBe('2026-11-23');
    expect(weeklySlot({ day: '2026-12-03', hour: 0, weekday: 4 }, 8)).toBe('2026-11-30');
    expect(weeklySlot({ day: '2026-12-06', hour: 23, weekday: 0 }, 8)).toBe('2026-11-30');
  });
});

describe('dueLeadTime', () => {
  it('is the nearest chosen lead time a deadline has come within', () => {
    expect(dueLeadTime(20, ['2w', '3d'])).toBeNull();
    expect(dueLeadTime(14, ['2w', '3d'])).toBe('2w');
    expect(dueLeadTime(10, ['2w', '3d'])).toBe('2w');
    expect(dueLeadTime(3, ['2w', '3d'])).toBe('3d');
    expect(dueLeadTime(0, ['2w', '3d'])).toBe('3d');
    expect(dueLeadTime(-1, ['2w', '3d'])).toBeNull();
    expect(dueLeadTime(45, ['3m', '1m'])).toBe('3m');
    expect(dueLeadTime(5, [])).toBeNull();
  });
});

describe('jobs:run-due --at', () => {
  it('takes an ISO time, or now', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(parseAt(['--at', '2026-12-01T08:00:00-05:00'], now).toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(parseAt([], now)).toBe(now);
    expect(() => parseAt(['--at', 'tomorrow'], now)).toThrow(/--at needs a date and time/);
    expect(() => parseAt(['--at'], now)).toThrow(/got nothing/);
  });
});
