// The stage rules (who moves an application where) and the deadline
// arithmetic (business days before the sponsor's), as tables.
import { describe, expect, it } from 'vitest';
import { internalDeadlineFor, subtractBusinessDays } from './deadlines';
import { nextSteps, stepFor } from './stages';

describe('application stages', () => {
  it.each([
    // from, to, who, answer
    ['drafting', 'internal_review', ['pi'], 'ok'],
    ['drafting', 'withdrawn', ['pi'], 'ok'],
    ['drafting', 'internal_review', ['admin'], 'forbidden'],
    ['drafting', 'submitted', ['pi'], 'invalid'],
    ['drafting', 'submitted', ['admin'], 'invalid'],
    ['internal_review', 'submitted', ['admin'], 'ok'],
    ['internal_review', 'drafting', ['admin'], 'ok'],
    ['internal_review', 'submitted', ['pi'], 'forbidden'],
    ['internal_review', 'withdrawn', ['pi'], 'invalid'],
    ['submitted', 'under_review', ['pi'], 'ok'],
    ['submitted', 'awarded', ['admin'], 'ok'],
    ['submitted', 'drafting', ['admin'], 'invalid'],
    ['under_review', 'rejected', ['pi'], 'ok'],
    ['under_review', 'submitted', ['pi', 'admin'], 'invalid'],
    ['awarded', 'rejected', ['pi', 'admin'], 'invalid'],
    ['withdrawn', 'drafting', ['pi'], 'invalid'],
    ['drafting', 'internal_review', [], 'forbidden'],
  ] as const)('%s → %s by %j: %s', (from, to, roles, answer) => {
    expect(stepFor(from, to, [...roles])).toBe(answer);
  });

  it('offers each person only their own next steps', () => {
    expect(nextSteps('drafting', ['pi'])).toEqual(['internal_review', 'withdrawn']);
    expect(nextSteps('drafting', ['admin'])).toEqual([]);
    expect(nextSteps('internal_review', ['admin'])).toEqual(['submitted', 'drafting']);
    expect(nextSteps('internal_review', ['pi'])).toEqual([]);
    expect(nextSteps('under_review', ['pi'])).toEqual(['awarded', 'rejected', 'withdrawn']);
    expect(nextSteps('awarded', ['pi', 'admin'])).toEqual([]);
  });
});

describe('deadlines', () => {
  // 2026-12-04 is a Friday; 2026-12-07 a Monday.
  it('counts back business days, skipping weekends', () => {
    expect(subtractBusinessDays('2026-12-04', 5)).toBe('2026-11-27');
    expect(subtractBusinessDays('2026-12-07', 1)).toBe('2026-12-04');
    expect(subtractBusinessDays('2026-12-07', 6)).toBe('2026-11-27');
    expect(subtractBusinessDays('2026-12-06', 1)).toBe('2026-12-04');
    expect(subtractBusinessDays('2026-12-04', 0)).toBe('2026-12-04');
    // Across a month and a year, over New Year's Day (Friday 1 January 2027, a federal holiday).
    expect(subtractBusinessDays('2027-01-04', 3)).toBe('2026-12-29'); // Thu 31, Wed 30, Tue 29
  });

  it('skips the federal holidays as observed (issue 30)', () => {
    // Thanksgiving, Thursday 26 November 2026: two business days before Monday 30 November is Wednesday the 25th.
    expect(subtractBusinessDays('2026-11-30', 2)).toBe('2026-11-25');
    // Independence Day 2026 falls on a Saturday and is kept on Friday 3 July.
    expect(subtractBusinessDays('2026-07-06', 1)).toBe('2026-07-02');
    // Juneteenth, Friday 19 June 2026; Memorial Day, Monday 25 May 2026.
    expect(subtractBusinessDays('2026-06-22', 1)).toBe('2026-06-18');
    expect(subtractBusinessDays('2026-05-26', 1)).toBe('2026-05-22');
    // A day that is no holiday stays a business day.
    expect(subtractBusinessDays('2026-11-25', 1)).toBe('2026-11-24');
  });

  it("takes the office's own date first, and has none without a sponsor deadline", () => {
    expect(internalDeadlineFor('2026-12-04', 5, null)).toBe('2026-11-27');
    expect(internalDeadlineFor('2026-12-04', 5, '2026-11-20')).toBe('2026-11-20');
    expect(internalDeadlineFor(null, 5, null)).toBeNull();
  });
});
