// Misspelled words corrected to the catalogue's own (decision 042).
import { describe, expect, it } from 'vitest';
import { completionFor, correctionFor, editDistance, familyFor, vocabularyOf } from './spelling';

const vocabulary = vocabularyOf([
  { word: 'tuberculosis', docs: 40 },
  { word: 'schizophrenia', docs: 12 },
  { word: 'diabetes', docs: 30 },
  { word: 'diabetic', docs: 3 },
  { word: 'salmon', docs: 20 },
  { word: 'salmonella', docs: 4 },
  { word: 'postdoctoral', docs: 50 },
  { word: 'postdoctorate', docs: 3 },
  { word: 'pharmacology', docs: 10 },
  { word: 'pharmacological', docs: 7 },
  { word: 'nonprofit', docs: 60 },
  { word: 'epidemiology', docs: 23 },
  { word: 'epidemiologic', docs: 6 },
  { word: 'physicists', docs: 3 },
  { word: 'physical', docs: 90 },
]);
const nowhereElse = () => false;

describe('spelling', () => {
  it('counts edits, a swap of neighbours as one, and stops past the limit', () => {
    expect(editDistance('tubercolosis', 'tuberculosis', 2)).toBe(1);
    expect(editDistance('schizofrenia', 'schizophrenia', 2)).toBe(2);
    expect(editDistance('salmno', 'salmon', 2)).toBe(1);
    expect(editDistance('grant', 'wildlife', 2)).toBe(3);
  });

  it('corrects to the closest catalogue word, the commoner winning a tie', () => {
    expect(correctionFor('tubercolosis', vocabulary, nowhereElse)).toBe('tuberculosis');
    expect(correctionFor('schizofrenia', vocabulary, nowhereElse)).toBe('schizophrenia');
    expect(correctionFor('diabeties', vocabulary, nowhereElse)).toBe('diabetes');
    // Two edits that change the first letter are another word: "for-profit" typed as one word is not "nonprofit".
    expect(correctionFor('forprofit', vocabulary, nowhereElse)).toBeNull();
  });

  it('leaves alone a word the catalogue or the English vocabulary knows, a short word, and one nothing is near', () => {
    expect(correctionFor('salmon', vocabulary, nowhereElse)).toBeNull();
    expect(correctionFor('microplastics', vocabulary, (w) => w === 'microplastics')).toBeNull();
    expect(correctionFor('tbi', vocabulary, nowhereElse)).toBeNull();
    expect(correctionFor('quantumly', vocabulary, nowhereElse)).toBeNull();
  });

  it('reads a clipped word the catalogue never uses as the word it clearly begins, English or not', () => {
    const english = () => true;
    expect(correctionFor('postdoc', vocabulary, english)).toBe('postdoctoral');
    expect(correctionFor('postdocs', vocabulary, nowhereElse)).toBe('postdoctoral');
    // Two readings about as common: none is chosen.
    expect(completionFor('pharma', vocabulary)).toBeNull();
    // Too short to say which word it begins, or a word the catalogue uses.
    expect(completionFor('salmo', vocabulary)).toBeNull();
    expect(correctionFor('diabetes', vocabulary, english)).toBeNull();
  });

  it("reads a word the catalogue never uses in any form as its family's commonest catalogue word", () => {
    const english = () => true;
    expect(familyFor('epidemiologist', vocabulary)).toBe('epidemiology');
    expect(correctionFor('epidemiologist', vocabulary, english)).toBe('epidemiology');
    // Another form in the catalogue is found by its stem: left alone, never read as "physical".
    expect(correctionFor('physicist', vocabulary, english)).toBeNull();
    expect(familyFor('diabetics', vocabulary)).toBeNull();
    // Under nine letters the root is too short to be one family's ("organism" is not "organic").
    expect(familyFor('organism', vocabularyOf([{ word: 'organic', docs: 9 }]))).toBeNull();
  });
});
