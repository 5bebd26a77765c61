import { describe, expect, it } from 'vitest';
import { collapseVersions, compareBySort, normalisedTitle, versionKey } from './versions';

const row = (
  title: string,
  over: Partial<{ agency: string; opportunity_number: string; post_date: string }> = {},
) => ({
  title,
  agency: over.agency ?? 'National Science Foundation',
  agency_code: null,
  opportunity_number: over.opportunity_number ?? 'X-1',
  post_date: over.post_date ?? '2024-01-01',
});

describe('normalisedTitle', () => {
  it('sets aside years, fiscal-year labels, a leading opportunity number and punctuation', () => {
    expect(
      normalisedTitle(
        'F24AS00197 FY 2024 Cooperative Endangered Species Conservation Fund',
        'F24AS00197',
      ),
    ).toBe('cooperative endangered species conservation fund');
    expect(
      normalisedTitle('Aquatic Invasive Species Grants - Fiscal Year 2023', 'F23AS00163'),
    ).toBe('aquatic invasive species grants');
    expect(normalisedTitle('FY2015-2016 Sea Duck Joint Venture', 'F15AS00306')).toBe(
      'sea duck joint venture',
    );
    // Mechanisms stay: an R01 and an R21 are different calls.
    expect(
      normalisedTitle('Suicide Risk in Late Life (R01 Clinical Trial Optional)', 'PAR-23-238'),
    ).not.toBe(
      normalisedTitle('Suicide Risk in Late Life (R21 Clinical Trial Optional)', 'PAR-23-239'),
    );
  });
});

describe('collapseVersions', () => {
  it('keeps the best-ranked version of each opportunity, counting the others in the list', () => {
    const ranked = [
      row('Faculty Early Career Development Program (CAREER)', {
        opportunity_number: '17-537',
        post_date: '2017-01-01',
      }),
      row('Ecosystem studies'),
      row('Faculty Early Career Development Program (CAREER)', {
        opportunity_number: '15-555',
        post_date: '2015-01-01',
      }),
      row('Faculty Early Career Development Program (CAREER)', {
        opportunity_number: '14-532',
        post_date: '2014-01-01',
      }),
      // Same title, another agency: another opportunity.
      row('Faculty Early Career Development Program (CAREER)', { agency: 'Department of Energy' }),
    ];
    const out = collapseVersions(ranked, (r) => r);
    expect(out.map((o) => [o.item.opportunity_number, o.item.agency, o.versions])).toEqual([
      ['17-537', 'National Science Foundation', { count: 2, allEarlier: true, closeDates: [] }],
      ['X-1', 'National Science Foundation', { count: 0, allEarlier: true, closeDates: [] }],
      ['X-1', 'Department of Energy', { count: 0, allEarlier: true, closeDates: [] }],
    ]);
  });

  it('shows the newest version of a family, and never joins titles that are only numbers', () => {
    const out = collapseVersions(
      [
        row('Sea Grant FY 2014', { post_date: '2014-02-01' }),
        row('Sea Grant FY 2016', { post_date: '2016-02-01' }),
      ],
      (r) => r,
    );
    expect(out).toHaveLength(1);
    expect(out[0]!.item.title).toBe('Sea Grant FY 2016');
    expect(out[0]!.versions).toEqual({ count: 1, allEarlier: true, closeDates: [] });
    const numbers = collapseVersions(
      [row('F24AS00201', { opportunity_number: 'F24AS00201' }), row('2024')],
      (r) => r,
    );
    expect(numbers).toHaveLength(2);
    expect(versionKey(row('CAREER'))).toBe(versionKey(row('career')));
  });
});

describe('compareBySort', () => {
  it('orders by date or amount with missing values last, then by id', () => {
    const rows = [
      { id: 'c', close_date: null, award_ceiling: 5, post_date: '2026-10-01' },
      { id: 'b', close_date: '2027-01-01', award_ceiling: null, post_date: null },
      { id: 'a', close_date: '2026-12-01', award_ceiling: 9, post_date: '2026-11-01' },
      { id: 'd', close_date: '2026-12-01', award_ceiling: 5, post_date: '2026-11-01' },
    ];
    const ids = (sort: Parameters<typeof compareBySort>[0]) =>
      [...rows].sort((x, y) => compareBySort(sort, x, y)).map((r) => r.id);
    expect(ids('due-date-asc')).toEqual(['a', 'd', 'b', 'c']);
    expect(ids('due-date-desc')).toEqual(['b', 'a', 'd', 'c']);
    expect(ids('amount-desc')).toEqual(['a', 'c', 'd', 'b']);
    expect(ids('amount-asc')).toEqual(['c', 'd', 'a', 'b']);
    expect(ids('posted-desc')).toEqual(['a', 'd', 'c', 'b']);
  });
});
