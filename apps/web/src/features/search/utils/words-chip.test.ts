import { describe, expect, it } from 'vitest';
import { wordsChipLabel } from './words-chip';

const names: Record<string, string> = { tribes: 'Tribal governments', 'state-governments': 'State governments' };
const whoName = (key: string) => names[key];

describe('wordsChipLabel', () => {
  it('quotes the topic and reads out who may apply, agencies and words left out', () => {
    expect(wordsChipLabel('broadband @tribes', whoName)).toBe('“broadband”, open to tribal governments');
    expect(wordsChipLabel('hiv vaccine !nih -mice', whoName)).toBe('“hiv vaccine”, not NIH, not “mice”');
    expect(wordsChipLabel('@state-governments', whoName)).toBe('open to state governments');
    expect(wordsChipLabel('@school-districts', whoName)).toBe('open to school districts');
  });

  it('leaves plain words and a hyphenated compound as they are', () => {
    expect(wordsChipLabel('deep learning', whoName)).toBe('“deep learning”');
    expect(wordsChipLabel('k-12 open-source', whoName)).toBe('“k-12 open-source”');
  });
});
