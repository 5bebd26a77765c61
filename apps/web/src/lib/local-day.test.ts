import { describe, expect, it } from 'vitest';
import { localIsoDay } from './local-day';

describe('the local day', () => {
  it('is the calendar day where the viewer is, zero-padded', () => {
    expect(localIsoDay(new Date(2026, 0, 5, 0, 1))).toBe('2026-01-05');
    expect(localIsoDay(new Date(2026, 10, 25, 23, 59))).toBe('2026-11-25');
    expect(localIsoDay(new Date(2027, 11, 31, 12))).toBe('2027-12-31');
  });
});
