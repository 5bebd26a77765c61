// The states, the District and the territories as a question names them: a
// place is where, not what (follow-up-swap.ts puts a state in place of the last
// state named; row-scoring.ts never makes a place the word every match must say).
// Fifty-six names are data, not logic: no package is needed to spell them.

export const usPlaces = [
  'alabama', 'alaska', 'arizona', 'arkansas', 'california', 'colorado', 'connecticut', 'delaware', 'florida', 'georgia',
  'hawaii', 'idaho', 'illinois', 'indiana', 'iowa', 'kansas', 'kentucky', 'louisiana', 'maine', 'maryland',
  'massachusetts', 'michigan', 'minnesota', 'mississippi', 'missouri', 'montana', 'nebraska', 'nevada', 'new hampshire',
  'new jersey', 'new mexico', 'new york', 'north carolina', 'north dakota', 'ohio', 'oklahoma', 'oregon', 'pennsylvania',
  'rhode island', 'south carolina', 'south dakota', 'tennessee', 'texas', 'utah', 'vermont', 'virginia', 'washington',
  'west virginia', 'wisconsin', 'wyoming', 'district of columbia', 'puerto rico', 'guam', 'american samoa',
  'virgin islands', 'northern mariana islands',
];

// Longest first, so "west virginia" is one place and not "virginia".
const placePattern = new RegExp(`\\b(?:${[...usPlaces].sort((a, b) => b.length - a.length).join('|')})\\b`, 'g');

/** The places a run of words names, each as its words ("new york": new, york). */
export function placesIn(words: string[]): string[][] {
  return [...words.join(' ').matchAll(placePattern)].map((m) => m[0].split(' '));
}

/** Words of a place's name that are words of other things too ("new", "north", "island"). */
const sharedWords = new Set(['new', 'north', 'south', 'west', 'island', 'islands', 'district', 'of', 'american', 'northern', 'virgin', 'mariana']);
const placeWords = new Set(usPlaces.flatMap((p) => p.split(' ')).filter((w) => !sharedWords.has(w)));

/** Whether a query word names a place ("texas", "york"), never one shared with other things ("new"). */
export function isPlaceWord(word: string): boolean {
  return placeWords.has(word);
}
