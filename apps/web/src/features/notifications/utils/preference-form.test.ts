// The notification settings form's pure parts: errors to fields (kind names
// hold dots), the digest hour labels and the time zone suggestions.
import { describe, expect, it } from 'vitest';
import { errorsByField, fieldOfPath, hourLabel, matchTimeZones } from './preference-form';

describe('errors to fields', () => {
  it('finds the kind in a dotted path, though kind names hold dots', () => {
    expect(fieldOfPath('kinds.task.due.email')).toBe('task.due.email');
    expect(fieldOfPath('kinds.saved_search.match.inApp')).toBe('saved_search.match.inApp');
    expect(fieldOfPath('body.kinds.deadline.reminder.email')).toBe('deadline.reminder.email');
    expect(fieldOfPath('kinds.nonsense.email')).toBe('form');
  });

  it('names the other fields, an array entry by its array', () => {
    expect(fieldOfPath('digestHour')).toBe('digestHour');
    expect(fieldOfPath('body.timeZone')).toBe('timeZone');
    expect(fieldOfPath('reminderLeadTimes.2')).toBe('reminderLeadTimes');
    expect(fieldOfPath('body')).toBe('form');
    expect(fieldOfPath('')).toBe('form');
  });

  it('keeps the first message per field, from the server or from zod', () => {
    expect(
      errorsByField([
        { path: 'timeZone', message: 'Choose a time zone such as America/Chicago' },
        { path: 'timeZone', message: 'second' },
        {
          path: ['kinds', 'task.assigned', 'email'],
          message: 'Choose off, instant, daily or weekly',
        },
        { path: ['reminderLeadTimes', 0], message: 'Choose lead times' },
      ]),
    ).toEqual({
      timeZone: 'Choose a time zone such as America/Chicago',
      'task.assigned.email': 'Choose off, instant, daily or weekly',
      reminderLeadTimes: 'Choose lead times',
    });
  });
});

describe('digest hour and time zones', () => {
  it('writes hours as a 24-hour clock', () => {
    expect(hourLabel(0)).toBe('00:00');
    expect(hourLabel(8)).toBe('08:00');
    expect(hourLabel(23)).toBe('23:00');
  });

  const zones = [
    'America/Chicago',
    'America/New_York',
    'Asia/Tokyo',
    'Europe/London',
    'America/Argentina/Buenos_Aires',
  ];

  it('lists every zone while the text is empty or already a zone', () => {
    expect(matchTimeZones(zones, '')).toEqual(zones);
    expect(matchTimeZones(zones, 'Asia/Tokyo')).toEqual(zones);
  });

  it('matches city names with spaces, any case, starts before contains', () => {
    expect(matchTimeZones(zones, 'new york')).toEqual(['America/New_York']);
    expect(matchTimeZones(zones, 'buenos')).toEqual(['America/Argentina/Buenos_Aires']);
    expect(matchTimeZones(zones, 'america/chi')).toEqual(['America/Chicago']);
    expect(matchTimeZones(zones, 'on')).toEqual(['Europe/London']);
    expect(matchTimeZones(zones, 'Mars')).toEqual([]);
  });
});
