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
    // Across a month and a year.
    expect(subtractBusinessDays('2027-01-04', 3)).toBe('2026-12-30'); // Fri 1, Thu 31, Wed 30
  });

  it("takes the office's own date first, and has none without a sponsor deadline", () => {
    expect(internalDeadlineFor('2026-12-04', 5, null)).toBe('2026-11-27');
    expect(internalDeadlineFor('2026-12-04', 5, '2026-11-20')).toBe('2026-11-20');
    expect(internalDeadlineFor(null, 5, null)).toBeNull();
  });
});
