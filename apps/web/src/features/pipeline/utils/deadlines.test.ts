import { describe, expect, it } from 'vitest';
import { daysLeftLabel, daysUntil, deadlineTone } from './deadlines';

// Local noon on Wednesday 25 November 2026.
const today = new Date(2026, 10, 25, 12, 0);

describe('days left', () => {
  it('counts calendar days from today, whatever the hour', () => {
    expect(daysUntil('2026-11-25', today)).toBe(0);
    expect(daysUntil('2026-11-26', today)).toBe(1);
    expect(daysUntil('2026-12-25', today)).toBe(30);
    expect(daysUntil('2026-11-22', today)).toBe(-3);
    expect(daysUntil('2027-03-01', new Date(2027, 1, 28, 23, 59))).toBe(1);
  });

  it('says it in words and tones it by urgency', () => {
    expect(['2026-11-25', '2026-11-26', '2026-12-07', '2026-11-24', '2026-11-20'].map((d) => daysLeftLabel(d, today))).toEqual([
      'Due today',
      '1 day left',
      '12 days left',
      'Passed 1 day ago',
      'Passed 5 days ago',
    ]);
    expect(['2026-11-24', '2026-12-02', '2026-12-03'].map((d) => deadlineTone(d, today))).toEqual(['red', 'amber', 'neutral']);
  });
});
