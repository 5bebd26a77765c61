// The looser readings the assistant tries when a question finds nothing (issue 25, item 7).
import { describe, expect, it } from 'vitest';
import { emptySearchFilters, type SearchFilters } from '@grantbridge/contract/assistant';
import { allRelaxed, relaxations } from './relaxation';
import { looserNote } from './looser-reading';

const filters = (over: Partial<SearchFilters>): SearchFilters => ({ ...emptySearchFilters(false), ...over });

describe('relaxation', () => {
  const question = filters({
    keywords: ['wetland', 'zorblax', '@nonprofits'],
    keywordGroups: [['wetland', 'zorblax', '@nonprofits']],
    agency: 'EPA',
    amountMax: 199_999,
    dueFrom: '2026-12-01',
    dueTo: '2026-12-31',
  });
  const steps = relaxations(question, (w) => w === 'zorblax', '2026-11-27');

  it('drops words no grant uses, then widens the deadline, the amount, who may apply and the agency, in that order', () => {
    expect(steps.map((s) => s.dropped)).toEqual([
      'that say “zorblax”',
      'that close between Dec 1, 2026 and Dec 31, 2026',
      'that close between Dec 1, 2026 and Dec 31, 2026',
      'that close between Dec 1, 2026 and Dec 31, 2026',
      'with awards up to $199,999',
      'open to nonprofits',
      'from EPA',
    ]);
    expect(steps.map((s) => s.kept)).toEqual([
      'without that word',
      'that close between Jan 1, 2027 and Jan 31, 2027',
      'that close between Dec 1, 2026 and Nov 27, 2027',
      'with any deadline',
      'of any amount',
      'whoever may apply',
      'from any agency',
    ]);
    expect(steps[0]!.filters.keywordGroups).toEqual([['wetland', '@nonprofits']]);
    expect(steps[5]!.filters.keywordGroups).toEqual([['wetland', 'zorblax']]);
  });

  it('takes everything together as the loosest reading', () => {
    const loosest = allRelaxed(question, steps);
    expect(loosest).toMatchObject({ agency: null, amountMax: null, dueFrom: null, dueTo: null, keywordGroups: [['wetland']] });
  });

  it('drops a word most grants say after who may apply and before the agency, while something is left to search by', () => {
    const common = (w: string) => w === 'basic';
    const named = filters({ keywords: ['basic', '@universities'], keywordGroups: [['basic', '@universities']], agency: 'USAF' });
    expect(relaxations(named, () => false, '2026-11-27', common).map((s) => s.kept)).toEqual([
      'whoever may apply',
      'without that word',
      'from any agency',
    ]);
    expect(relaxations(named, () => false, '2026-11-27', common)[1]!.filters.keywordGroups).toEqual([['@universities']]);
    // Alone, with no constraint and no other word, the word is the whole search: kept.
    expect(relaxations(filters({ keywords: ['basic'], keywordGroups: [['basic']] }), () => false, '2026-11-27', common)).toEqual([]);
  });

  it('drops the newest follow-up’s words last, never the first message’s', () => {
    const followed = filters({ keywords: ['wetland', 'mangrove'], keywordGroups: [['wetland'], ['mangrove']] });
    expect(relaxations(followed, () => false, '2026-11-27').map((s) => s.filters.keywordGroups)).toEqual([[['wetland']]]);
  });

  it('says a widened window as the whole window asked, never half of it', () => {
    const january = filters({
      keywords: ['hiv', 'cure'],
      keywordGroups: [['hiv', 'cure']],
      agency: 'NIH',
      statuses: ['forecasted', 'posted'],
      dueFrom: '2027-01-01',
      dueTo: '2027-01-31',
    });
    // The year step keeps the window's start: it still dropped the window as asked.
    const year = relaxations(january, () => false, '2026-11-29').find((s) => s.kept.includes('Nov 29, 2027'))!;
    expect(year.filters.dueFrom).toBe('2027-01-01');
    expect(looserNote(january, { step: year, filters: year.filters }, 8, false)).toBe(
      'No open or forecasted grants about “hiv”, “cure”, from NIH that close between Jan 1, 2027 and Jan 31, 2027; ' +
        'here are 8 that close between Jan 1, 2027 and Nov 29, 2027.',
    );
  });
});
