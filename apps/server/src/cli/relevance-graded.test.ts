import { describe, expect, it } from 'vitest';
import {
  gainsFor,
  judgedConstraints,
  meetsConstraints,
  mentions,
  ndcgAt,
  ndcgDistinctAt,
  precisionAt,
  seasonWindow,
  violationsAt,
  type JudgedGrant,
} from './relevance-graded';

const grant = (over: Partial<JudgedGrant> = {}): JudgedGrant => ({
  opportunityNumber: 'X-1',
  title: 'Coastal resilience',
  description: null,
  agency: null,
  agencyCode: null,
  listingAgencies: [],
  awardCeiling: null,
  closeDate: null,
  status: 'posted',
  eligibilityCodes: [],
  ...over,
});

describe('nDCG@10 and P@5, worked by hand', () => {
  const gains = new Map([
    ['a', 0],
    ['b', 2],
    ['c', 1],
    ['d', 2],
  ]);

  it('discounts by log2 of the rank plus one against the sorted judged gains', () => {
    // DCG = 0 + 2/log2(3) + 1/log2(4) = 1.26186 + 0.5; ideal = 2 + 2/log2(3) + 0.5 = 3.76186
    expect(ndcgAt(['a', 'b', 'c'], gains)).toBeCloseTo(1.76186 / 3.76186, 4);
    expect(ndcgAt(['d', 'b', 'c'], gains)).toBeCloseTo(1, 6);
    expect(ndcgAt(['zz', 'a'], gains)).toBe(0);
  });

  it('is null when nothing judged has a gain', () => {
    expect(ndcgAt(['a'], new Map([['a', 0]]))).toBeNull();
  });

  it('P@5 divides by five even for a short list', () => {
    expect(precisionAt(['b', 'a', 'c'], gains)).toBeCloseTo(2 / 5, 6);
  });
});

describe('constraints, as data/relevance/GUIDE.md states them', () => {
  const today = '2026-11-24';

  it('strict and inclusive amounts; an unknown or $0 ceiling does not fail', () => {
    const c = { amountMin: 500_000, amountMinStrict: true };
    expect(meetsConstraints(grant({ awardCeiling: 500_000 }), c, today)).toBe(false);
    expect(meetsConstraints(grant({ awardCeiling: 500_001 }), c, today)).toBe(true);
    expect(meetsConstraints(grant({ awardCeiling: 500_000 }), { amountMin: 500_000 }, today)).toBe(
      true,
    );
    expect(meetsConstraints(grant({ awardCeiling: 0 }), c, today)).toBe(true);
    expect(
      meetsConstraints(
        grant({ awardCeiling: 250_000 }),
        { amountMax: 250_000, amountMaxStrict: true },
        today,
      ),
    ).toBe(false);
  });

  it('an agency by code prefix, number prefix, name or Assistance Listing', () => {
    const match = {
      codePrefixes: ['DOC-NOAA'],
      numberPrefixes: ['NOAA-'],
      listingAgencies: ['National Oceanic'],
      names: ['NOAA'],
    };
    expect(
      meetsConstraints(grant({ agencyCode: 'DOC-NOAA-X' }), { agencyMatch: match }, today),
    ).toBe(true);
    expect(
      meetsConstraints(grant({ opportunityNumber: 'NOAA-1' }), { agencyMatch: match }, today),
    ).toBe(true);
    expect(meetsConstraints(grant({ agency: 'DOC NOAA ERA' }), { agencyMatch: match }, today)).toBe(
      true,
    );
    expect(
      meetsConstraints(
        grant({
          listingAgencies: [
            'Department of Commerce / National Oceanic and Atmospheric Administration',
          ],
        }),
        { agencyMatch: match },
        today,
      ),
    ).toBe(true);
    expect(meetsConstraints(grant({ agencyCode: 'DOC' }), { agencyMatch: match }, today)).toBe(
      false,
    );
  });

  it('eligibility: codes must meet every group; none, 25 alone or 99 never fail', () => {
    const c = { eligibility: ['universities'] };
    expect(meetsConstraints(grant({ eligibilityCodes: ['12'] }), c, today)).toBe(false);
    expect(meetsConstraints(grant({ eligibilityCodes: ['20', '12'] }), c, today)).toBe(true);
    expect(meetsConstraints(grant({ eligibilityCodes: ['25'] }), c, today)).toBe(true);
    expect(meetsConstraints(grant({ eligibilityCodes: ['99'] }), c, today)).toBe(true);
    expect(meetsConstraints(grant(), c, today)).toBe(true);
  });

  it('exclusions match whole words, capitals case-sensitively', () => {
    expect(mentions('Hearing aids for older adults', 'AIDS')).toBe(false);
    expect(mentions('HIV/AIDS care', 'AIDS')).toBe(true);
    expect(mentions('Vaccines research', 'vaccine')).toBe(false);
    expect(mentions('A vaccine trial', 'vaccine')).toBe(true);
    expect(mentions('high  school teachers', 'high school')).toBe(true);
    expect(
      meetsConstraints(grant({ title: 'Hunter education' }), { exclude: ['hunter'] }, today),
    ).toBe(false);
  });

  it('dates: statuses, within days, the coming season', () => {
    expect(
      meetsConstraints(grant({ status: 'closed' }), { statuses: ['posted', 'forecasted'] }, today),
    ).toBe(false);
    expect(meetsConstraints(grant({ status: 'closed' }), { deadlineAhead: true }, today)).toBe(
      false,
    );
    expect(meetsConstraints(grant(), { deadlineAhead: true }, today)).toBe(true);
    expect(
      meetsConstraints(grant({ closeDate: '2027-02-22' }), { closesWithinDays: 90 }, today),
    ).toBe(true);
    expect(
      meetsConstraints(grant({ closeDate: '2027-02-23' }), { closesWithinDays: 90 }, today),
    ).toBe(false);
    expect(meetsConstraints(grant(), { closesWithinDays: 90 }, today)).toBe(false);
    expect(seasonWindow('fall', today)).toEqual(['2026-11-24', '2026-11-30']);
    expect(seasonWindow('winter', today)).toEqual(['2026-12-01', '2027-02-28']);
    expect(seasonWindow('spring', today)).toEqual(['2027-03-01', '2027-05-31']);
    expect(seasonWindow('winter', '2027-01-15')).toEqual(['2027-01-15', '2027-02-28']);
  });

  it('gains are grades of qualifying records, and violations count what breaks a constraint', () => {
    const grants = new Map([
      ['A', grant({ opportunityNumber: 'A', status: 'posted' })],
      ['B', grant({ opportunityNumber: 'B', status: 'closed' })],
    ]);
    const entry = {
      query: 'q',
      kind: 'assistant' as const,
      constraints: { statuses: ['posted'] },
      judgments: { A: 1, B: 2 },
    };
    expect([...gainsFor(entry, grants, today)]).toEqual([
      ['A', 1],
      ['B', 0],
    ]);
    expect(violationsAt(['B', 'A', 'unknown'], grants, entry.constraints, today)).toBe(1);
  });

  it('a question is judged with its deadline still ahead; a topical query on topic alone', () => {
    const grants = new Map([['B', grant({ opportunityNumber: 'B', status: 'closed' })]]);
    const question = { query: 'q', kind: 'assistant' as const, judgments: { B: 2 } };
    expect([...gainsFor(question, grants, today)]).toEqual([['B', 0]]);
    expect([...gainsFor({ ...question, kind: 'topical' }, grants, today)]).toEqual([['B', 2]]);
    expect(judgedConstraints({ ...question, constraints: { amountMin: 5 } })).toEqual({
      deadlineAhead: true,
      amountMin: 5,
    });
  });

  it('nDCG counting each call once: versions are one item with the best grade', () => {
    const gains = new Map([
      ['A1', 2],
      ['A2', 2],
      ['B', 1],
    ]);
    const keyOf = (id: string) => id.slice(0, 1);
    // Ideal: A (2), B (1). Listing A1, A2, B: A2 adds nothing.
    const ideal = 2 + 1 / Math.log2(3);
    expect(ndcgDistinctAt(['A1', 'A2', 'B'], gains, keyOf)).toBeCloseTo(
      (2 + 1 / Math.log2(4)) / ideal,
      6,
    );
    expect(ndcgDistinctAt(['A2', 'B'], gains, keyOf)).toBeCloseTo(1, 6);
    expect(ndcgDistinctAt(['B'], new Map([['B', 0]]), keyOf)).toBeNull();
  });
});
