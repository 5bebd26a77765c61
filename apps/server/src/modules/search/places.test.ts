// A place is where, not what (places.ts): named places, and the word a match must say.
import { describe, expect, it } from 'vitest';
import { isPlaceWord, placesIn } from './places';
import { specificWord } from './row-scoring';

describe('places', () => {
  it('reads the places a run of words names, the longest name first', () => {
    expect(placesIn(['rural', 'clinics', 'west', 'virginia', 'and', 'ohio'])).toEqual([['west', 'virginia'], ['ohio']]);
    expect(placesIn(['new', 'approaches'])).toEqual([]);
    expect(isPlaceWord('texas')).toBe(true);
    expect(isPlaceWord('york')).toBe(true);
    expect(isPlaceWord('new')).toBe(false);
    expect(isPlaceWord('nursing')).toBe(false);
  });
});

describe('specificWord', () => {
  it('is the rarest word that is not a place: "nursing" in "nursing workforce in Texas", never "texas"', () => {
    const weights = new Map([
      ['nursing', 4.5],
      ['workforce', 1],
      ['texas', 5],
    ]);
    expect(specificWord(['nursing', 'workforce', 'texas'], weights)).toBe('nursing');
    // Only the place stands out: no word must be said.
    expect(specificWord(['workforce', 'texas'], new Map([['workforce', 1], ['texas', 5]]))).toBeNull();
    expect(specificWord(['pollinator', 'health'], new Map([['pollinator', 5], ['health', 1]]))).toBe('pollinator');
  });
});
