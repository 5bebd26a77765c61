// What the importer mines from the catalogue's own text (decision 042).
import { describe, expect, it } from 'vitest';
import { acronymsDefinedIn, capitalTokens, gramsOf, mineVocabulary, pairAssociation, wordsOf } from './search-vocabulary';

describe('acronyms the catalogue defines itself', () => {
  it('reads the long form back from the parenthesis, each capital a word’s initial, function words skipped', () => {
    expect(
      acronymsDefinedIn(
        'Proposals to the Major Research Instrumentation (MRI) program and the Established Program to Stimulate Competitive Research (EPSCoR); Research and Development (R&D).',
      ),
    ).toEqual([
      ['mri', 'major research instrumentation'],
      ['epscor', 'established program stimulate competitive research'],
      ['rd', 'research development'],
    ]);
  });

  it('refuses letters taken from inside words, a single word, and lower-case notes in parentheses', () => {
    expect(acronymsDefinedIn('Community Health Care (HHC) workers')).toEqual([]);
    expect(acronymsDefinedIn('Tuberculosis (TB) control')).toEqual([]);
    expect(acronymsDefinedIn('trials (see below) and awards (R01)')).toEqual([]);
  });

  it('finds acronyms written in capitals anywhere', () => {
    expect([...capitalTokens('An MRI award; the EPSCoR states; NIH and a Word')]).toEqual(['mri', 'epscor', 'nih']);
  });
});

describe('word pairs', () => {
  it('pairs neighbouring words that are not function words, by Porter stem', () => {
    const { stems, pairs } = gramsOf('Deep learning for protein design; teaching and learning');
    expect([...pairs]).toEqual(['deep learn', 'protein design']);
    expect([...stems]).toEqual(['deep', 'learn', 'protein', 'design', 'teach']);
    expect(wordsOf("Alzheimer's-disease, 2024")).toEqual(["alzheimer's", 'disease']);
  });

  it('counts documents once each, keeps pairs seen in two or more, and measures how far above chance a pair is', async () => {
    const texts = [
      'Deep learning for radiology',
      'Deep learning in genomics',
      'Teaching and learning centers',
      'Learning communities',
      'Deep ocean exploration and deep sea coral',
      'Major Research Instrumentation (MRI) acquisitions',
    ];
    async function* documents() {
      for (const t of texts) yield t;
    }
    const mined = await mineVocabulary(documents);
    expect(mined.documents).toBe(6);
    expect(mined.grams.get('deep learn')).toBe(2);
    expect(mined.grams.get('deep')).toBe(3);
    expect(mined.grams.get('learn')).toBe(4);
    expect(mined.grams.has('deep ocean')).toBe(false);
    expect(mined.words.get('deep')).toBe(3);
    expect(mined.acronyms.get('mri')?.get('major research instrumentation')).toBe(1);
    expect(mined.capitals.get('mri')).toBe(1);
    // log(2 × 6 / (3 × 4)) = 0: no more than chance here.
    expect(pairAssociation(2, 3, 4, 6)).toBeCloseTo(0, 5);
    expect(pairAssociation(undefined, 3, 4, 6)).toBeNull();
  });
});
