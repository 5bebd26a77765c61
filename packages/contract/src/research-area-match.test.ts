import { describe, expect, it } from 'vitest';
import { areaMatches } from './research-area-match';

describe('areaMatches', () => {
  it.each([
    ['Forest Ecology', 'forest ecology', true],
    ['Ecology', 'Forest Ecology', true],
    ['Forest Ecology', 'Ecology', true],
    ['  Climate Change ', 'climate', true],
    ['Climate Change', 'Carbon Cycling', false],
    ['Soil Science', 'Soil  Science', false],
  ])('%j and %j → %s', (a, b, expected) => {
    expect(areaMatches(a, b)).toBe(expected);
    expect(areaMatches(b, a)).toBe(expected);
  });

  it('never matches an empty or blank area, which would be a substring of every area', () => {
    for (const blank of ['', ' ', '\t']) {
      expect(areaMatches(blank, 'Forest Ecology')).toBe(false);
      expect(areaMatches('Forest Ecology', blank)).toBe(false);
      expect(areaMatches(blank, blank)).toBe(false);
    }
  });
});
