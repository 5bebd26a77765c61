import { describe, expect, it } from 'vitest';
import { countedWordDocsMax, countingGroups, retrievalAreas, retrievalGroups } from './search-query';

// A 1,000,000-grant catalogue's figures (bench:search): "workforc" 100,412 grants, "cybersecur" 1,230.
const rarity = {
  grants: 1_000_000,
  docs: new Map([
    ['health', 685_457],
    ['workforce', 100_412],
    ['cancer', 106_297],
    ['cybersecurity', 1_230],
    ['immunotherapy', 900],
    ['adaptation', countedWordDocsMax],
  ]),
};

describe('countingGroups', () => {
  it('leaves a word held by more than 20,000 grants out of the count when the rest of its group stands in', () => {
    expect(countingGroups([['cybersecurity', 'workforce']], rarity)).toEqual({
      groups: [['cybersecurity']],
      narrowed: true,
    });
  });

  it('keeps a word at exactly the limit, and a lone word however common', () => {
    expect(countingGroups([['workforce'], ['adaptation', 'immunotherapy']], rarity)).toEqual({
      groups: [['workforce'], ['adaptation', 'immunotherapy']],
      narrowed: false,
    });
  });

  it('counts a group of nothing but such words by its rarest', () => {
    expect(countingGroups([['workforce', 'cancer'], ['cybersecurity']], rarity)).toEqual({
      groups: [['workforce'], ['cybersecurity']],
      narrowed: true,
    });
  });

  it('changes nothing before the catalogue has statistics', () => {
    expect(countingGroups([['cybersecurity', 'workforce']], null)).toEqual({
      groups: [['cybersecurity', 'workforce']],
      narrowed: false,
    });
  });

  it('works on what retrieval left: "health" (most grants) is already out, "workforce" then too', () => {
    const retrieval = retrievalGroups([['health', 'workforce', 'cybersecurity']], rarity);
    expect(retrieval).toEqual([['workforce', 'cybersecurity']]);
    expect(countingGroups(retrieval, rarity).groups).toEqual([['cybersecurity']]);
  });
});

describe('retrievalAreas', () => {
  const counts = new Map([
    ['Public Health', 321_996],
    ['Epidemiology', 9_000],
    ['Health Services', 30_000],
    ['Education', 239_767],
  ]);

  it('retrieves a profile-only search by the areas at most 20,000 grants list', () => {
    expect(retrievalAreas(['Public Health', 'Epidemiology', 'Health Services'], counts)).toEqual(['Epidemiology']);
  });

  it('keeps the rarest when every area is that common, and all of them before statistics exist', () => {
    expect(retrievalAreas(['Public Health', 'Education'], counts)).toEqual(['Education']);
    expect(retrievalAreas(['Public Health', 'Education'], null)).toEqual(['Public Health', 'Education']);
  });
});
