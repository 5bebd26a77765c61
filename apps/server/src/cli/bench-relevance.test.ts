import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  readJudgments,
  recallAt,
  reciprocalRank,
  seedKeywords,
  seedScore,
  seedSearch,
  type SeedGrant,
} from './bench-relevance';

const g = (
  opportunityNumber: string,
  title: string,
  researchAreas: string[],
  description: string | null = null,
  agency: string | null = null,
): SeedGrant => ({
  opportunityNumber,
  title,
  researchAreas,
  description,
  agency,
});

describe('relevance metrics', () => {
  it('reciprocal rank is 1/rank of the first relevant result within the cutoff', () => {
    const relevant = new Set(['B', 'Z']);
    expect(reciprocalRank(['A', 'B', 'C'], relevant)).toBe(0.5);
    expect(reciprocalRank(['A', 'C'], relevant)).toBe(0);
    expect(reciprocalRank([...'CDEFGHIJKL', 'B'], relevant)).toBe(0);
  });

  it('recall@k is the share of relevant grants in the top k', () => {
    expect(recallAt(['A', 'B', 'C'], new Set(['B', 'Z']))).toBe(0.5);
    expect(recallAt([...'ABCDEFGHIJ', 'Z'], new Set(['Z']))).toBe(0);
  });
});

describe('seed keyword scoring', () => {
  it('takes words longer than 2 characters minus stop words', () => {
    expect(seedKeywords('HIV prevention in Africa')).toEqual(['hiv', 'prevention', 'africa']);
    expect(seedKeywords('museum and library services')).toEqual(['museum', 'library', 'services']);
  });

  it('adds 0.4 / 0.3 / 0.2 / 0.1 per keyword, caps at 100 and drops grants with no keyword in an area', () => {
    const full = g('1', 'Forest carbon', ['Forest Ecology'], 'forest plots', 'Forest Service');
    expect(seedScore(full, ['forest'])).toBe(100);
    expect(seedScore(full, ['forest', 'carbon'])).toBe(100);
    expect(seedScore(g('2', 'Carbon forest', ['Forest Ecology']), ['forest'])).toBe(70);
    expect(seedScore(g('3', 'Forest carbon', ['Oceanography'], 'forest'), ['forest'])).toBeNull();
    expect(seedScore(g('4', 'Anything', []), ['forest'])).toBeNull();
  });

  it('ranks by score, keeping catalogue order on ties', () => {
    const grants = [
      g('A', 'x', ['Forest Ecology']),
      g('B', 'forest', ['Forest Ecology']),
      g('C', 'y', ['Forest Ecology']),
      g('D', 'forest', []),
    ];
    expect(seedSearch(grants, 'forest')).toEqual(['B', 'A', 'C']);
  });
});

describe('judged query set', () => {
  it('has at least 40 queries, each with 1 to 30 distinct relevant grants', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const judgments = readJudgments(path.join(config.projectRoot, 'data/relevance/judgments.json'));
    expect(judgments.length).toBeGreaterThanOrEqual(40);
    expect(new Set(judgments.map((j) => j.query)).size).toBe(judgments.length);
    for (const j of judgments) {
      expect(new Set(j.relevant).size).toBe(j.relevant.length);
      expect(j.relevant.length).toBeGreaterThanOrEqual(1);
      expect(j.relevant.length).toBeLessThanOrEqual(30);
    }
  });
});
