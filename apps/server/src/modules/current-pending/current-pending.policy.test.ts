// The rules without the database: who edits, the years a period asks for,
// and what an entry lacks (never filled in).
import { describe, expect, it } from 'vitest';
import { canEditEffort, canEditSupport, missingOf, periodYears, roleOf, yearsWithMonths } from './current-pending.policy';

describe('current and pending rules', () => {
  it('lets the PI edit every row, a member their own, the admin none', () => {
    expect(canEditEffort('pi', 'p', 'm')).toBe(true);
    expect(canEditEffort('member', 'm', 'm')).toBe(true);
    expect(canEditEffort('member', 'm', 'p')).toBe(false);
    expect(canEditEffort('admin', 'a', 'a')).toBe(false);
    expect([canEditSupport('pi'), canEditSupport('member'), canEditSupport('admin')]).toEqual([true, false, false]);
  });

  it('asks person-months for each calendar year the period touches, at most ten', () => {
    expect(periodYears('2026-07-01', '2028-06-30')).toEqual([2026, 2027, 2028]);
    expect(periodYears(null, '2028-06-30')).toEqual([]);
    expect(periodYears('2020-01-01', '2040-12-31')).toHaveLength(10);
    expect(yearsWithMonths([2026, 2027], [{ year: 2030, personMonths: 1 }, { year: 2026, personMonths: 0 }])).toEqual([
      { year: 2026, personMonths: 0 },
      { year: 2027, personMonths: null },
      { year: 2030, personMonths: 1 },
    ]);
  });

  it('takes the PI for PI unless told otherwise, and guesses no one else’s role', () => {
    expect(roleOf(null, true)).toBe('pi');
    expect(roleOf('senior_key', true)).toBe('senior_key');
    expect(roleOf(null, false)).toBeNull();
  });

  it('lists what an entry lacks in the document’s order; zero person-months is a value', () => {
    const complete = {
      kind: 'current' as const,
      awardNumber: 'A1',
      amount: 1,
      projectStart: '2026-01-01',
      projectEnd: '2026-12-31',
      personMonths: [{ year: 2026, personMonths: 0 }],
      role: 'other' as const,
      overlapStatement: 'None.',
    };
    expect(missingOf(complete)).toEqual([]);
    expect(missingOf({ ...complete, kind: 'pending', awardNumber: null })).toEqual([]);
    expect(
      missingOf({ ...complete, awardNumber: null, amount: null, projectEnd: null, personMonths: [], role: null, overlapStatement: null }).map(
        (m) => m.label,
      ),
    ).toEqual(['award number', 'amount awarded', 'project period (start and end)', 'person-months per year', 'role', 'overlap statement']);
  });
});
