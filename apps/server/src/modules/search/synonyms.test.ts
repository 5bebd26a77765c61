import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseQuery } from './query-parser';
import { conceptQuery, relaxedQuery, strictQuery } from './search-query';
import { readSynonyms, synonymsOf, termQuery } from './synonyms';

const shipped = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../data/search/synonyms.json',
);

describe('the synonyms table', () => {
  it('is well formed: lower-case one-word keys, terms of words, spaces and hyphens', () => {
    const table = readSynonyms(fs.readFileSync(shipped, 'utf8'));
    expect(table.size).toBeGreaterThan(50);
    expect(() => readSynonyms('{"terms": {"Wild Fire": ["x"]}}')).toThrow(/bad entry/);
    expect(() => readSynonyms('{"terms": {"fire": ["x & y"]}}')).toThrow(/bad entry/);
  });

  it('goes one way: "drinking" brings "alcohol", "alcohol" does not bring "drinking"', () => {
    expect(synonymsOf('drinking')).toContain('alcohol');
    expect(synonymsOf('alcohol')).not.toContain('drinking');
  });
});

describe('synonyms in the full-text query', () => {
  it('adds each synonym as an alternative, phrases as phrases', () => {
    expect(termQuery('wildland fire')).toBe('(wildland <-> fire)');
    expect(termQuery('gender-based violence')).toBe('(gender <-> based <-> violence)');
    expect(conceptQuery('wildfire')).toBe(
      '(wildfire | (wildland <-> fire) | (forest <-> fire) | wildfires)',
    );
    expect(conceptQuery('soil')).toBe('soil');
    expect(strictQuery([['gbv', 'prevention']])).toBe(
      '(gbv | (gender <-> based <-> violence)) & prevention',
    );
    expect(relaxedQuery([['tb', 'control']])).toBe('((tb | tuberculosis) | control)');
  });

  it('keeps two-letter words that are known acronyms', () => {
    expect(parseQuery('AI and machine learning research').keywords).toEqual([
      'ai',
      'machine',
      'learning',
    ]);
    expect(parseQuery('TB control').keywords).toEqual(['tb', 'control']);
    expect(parseQuery('an of xy data').keywords).toEqual(['data']);
  });
});
