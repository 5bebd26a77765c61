// Hand-worked examples of how the home's suggestions are put together
// (suggestions.ts): the topics asked about, and how each topic's results fold
// into one list.
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@grantbridge/contract/grants';
import { mergeSuggestions, suggestionReasons, suggestionTopics, topicWords } from './suggestions';

const result = (id: string, score: number, extra: Partial<SearchResult> = {}, closeDate: string | null = '2099-01-01'): SearchResult => ({
  grant: {
    id,
    opportunityNumber: id.toUpperCase(),
    title: `Grant ${id}`,
    agency: null,
    agencyCode: null,
    closeDate,
    postDate: null,
    awardCeiling: null,
    awardFloor: null,
    status: 'posted',
    researchAreas: [],
    description: null,
  },
  score,
  reasons: [`Title mentions “${id}”`],
  related: false,
  otherVersions: 0,
  otherVersionsEarlier: true,
  cycle: null,
  ...extra,
});
const noMeaning = () => null;

describe('suggestionTopics', () => {
  it('asks about every area, then up to five expertise keywords an area does not already say', () => {
    expect(
      suggestionTopics(
        ['Machine Learning', 'Computational Biology'],
        ['machine learning', 'Protein design', 'biology', 'CRISPR', 'single-cell', 'LiDAR', 'graphs', 'extra'],
      ),
    ).toEqual(['Machine Learning', 'Computational Biology', 'Protein design', 'CRISPR', 'single-cell', 'LiDAR', 'graphs']);
  });

  it('reads a topic as its words, without the words no search takes for a topic', () => {
    expect(topicWords('Science and Technology of the Oceans')).toEqual(['science', 'technology', 'oceans']);
    expect(topicWords('  ')).toEqual([]);
  });
});

describe('mergeSuggestions', () => {
  it('keeps a grant once with its best score, and leaves out related results and scores under 30 (never a 0)', () => {
    const merged = mergeSuggestions(
      [
        { topic: 'Hydrology', result: result('a', 60) },
        { topic: 'Forest Ecology', result: result('a', 80) },
        { topic: 'Hydrology', result: result('b', 29) },
        { topic: 'Hydrology', result: result('c', 0) },
        { topic: 'Hydrology', result: result('d', 90, { related: true }) },
      ],
      noMeaning,
    );
    // a: best 80, +4 for meeting a second topic, +5 for its due date = 89.
    expect(merged.map((s) => [s.result.grant.id, s.result.score, s.topics, s.order])).toEqual([['a', 80, ['Hydrology', 'Forest Ecology'], 89]]);
  });

  it('orders by best score + 4 per further topic + up to 10 for closeness to the whole profile + 5 for a due date', () => {
    const merged = mergeSuggestions(
      [
        { topic: 'T1', result: result('x', 70) },
        { topic: 'T1', result: result('y', 66) },
        { topic: 'T2', result: result('y', 50) },
        { topic: 'T1', result: result('z', 65) },
      ],
      (id) => (id === 'z' ? 100 : id === 'x' ? 0 : null),
    );
    // All dated (+5). x 70 + 0; y 66 + 4 = 70 (tie with x: by due date, then id); z 65 + 10 × 100% = 75.
    expect(merged.map((s) => [s.result.grant.id, s.order])).toEqual([
      ['z', 80],
      ['x', 75],
      ['y', 75],
    ]);
  });

  it('puts a stated due date first: 5 points, then the sooner between equals', () => {
    const merged = mergeSuggestions(
      [
        { topic: 'T', result: result('undated', 54, {}, null) },
        { topic: 'T', result: result('later', 50, {}, '2099-05-01') },
        { topic: 'T', result: result('sooner', 50, {}, '2099-02-01') },
      ],
      noMeaning,
    );
    expect(merged.map((s) => s.result.grant.id)).toEqual(['sooner', 'later', 'undated']);
  });
});

describe('suggestionReasons', () => {
  const merged = (topics: string[], reasons: string[]) =>
    mergeSuggestions(
      topics.map((topic) => ({ topic, result: result('g', 50, { reasons }) })),
      noMeaning,
    )[0]!;

  it('puts first the areas the grant is classed under, then the expertise it meets, then the search reasons', () => {
    const s = merged(['Hydrology', 'LiDAR', 'CRISPR', 'graphs', 'drones'], ['Title mentions “lidar”', 'Matches your research areas: Hydrology', 'Open opportunity']);
    expect(suggestionReasons(s, ['Hydrology'])).toEqual([
      'Matches your research areas: Hydrology',
      'Fits your expertise: LiDAR, CRISPR, graphs and 1 more',
      'Title mentions “lidar”',
    ]);
  });

  it('names the topics met when neither applies', () => {
    expect(suggestionReasons(merged(['Hydrology'], ['Open opportunity']), ['Hydrology'])).toEqual(['About your research: Hydrology']);
  });
});
