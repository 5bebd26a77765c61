// A follow-up that puts one thing in place of another (follow-up-swap.ts), on the shipped word vectors.
import { describe, expect, it } from 'vitest';
import { asksForSwap, swapWords } from './follow-up-swap';

describe('asksForSwap', () => {
  it('reads "what about", "how about", "and for" and "instead" as a swap, and nothing else', () => {
    for (const m of ['what about Washington?', 'How about Arizona instead', 'and for malaria?', 'okay, what about NIH', 'Texas instead', 'no, for state governments', 'Actually: tribes', 'actually make it Oklahoma', 'switch to NIH', 'change it to spring'])
      expect(asksForSwap(m), m).toBe(true);
    for (const m of ['only over 500k', 'not the DOD ones', 'grants about water', 'instead of NIH, NSF', 'for tribes', 'no deadline', 'actually funded projects'])
      expect(asksForSwap(m), m).toBe(false);
  });
});

describe('swapWords', () => {
  it('puts a state in place of the last state named, its words and all', () => {
    expect(swapWords([['community', 'health', 'oregon']], ['washington'])).toEqual({
      groups: [['community', 'health', 'washington']],
      replaced: [{ from: 'oregon', to: 'washington' }],
      added: [],
    });
    expect(swapWords([['coral', 'reef', 'hawaii', 'florida']], ['north', 'carolina', 'restoration'])?.groups).toEqual([
      ['coral', 'reef', 'hawaii', 'north', 'carolina'],
    ]);
    expect(swapWords([['coral', 'reef', 'west', 'virginia']], ['ohio'])?.groups).toEqual([['coral', 'reef', 'ohio']]);
  });

  it('puts another word in place of the one clearly closest in meaning, the rest of the question kept', () => {
    expect(swapWords([['obesity', 'prevention', 'children']], ['diabetes'])?.groups).toEqual([['diabetes', 'prevention', 'children']]);
    expect(swapWords([['hiv', 'prevention'], ['@tribes']], ['malaria'])?.groups).toEqual([['malaria', 'prevention'], ['@tribes']]);
  });

  it('puts who may apply in place of who might, and swaps or adds the other words as before', () => {
    expect(swapWords([['veterans', 'mental', 'health', '@nonprofits']], ['@state-governments'])).toEqual({
      groups: [['veterans', 'mental', 'health']],
      replaced: [{ from: 'nonprofits', to: 'state governments' }],
      added: ['@state-governments'],
    });
    expect(swapWords([['obesity', 'prevention', '@nonprofits']], ['diabetes', '@tribes'])).toEqual({
      groups: [['diabetes', 'prevention']],
      replaced: [{ from: 'nonprofits', to: 'tribes' }, { from: 'obesity', to: 'diabetes' }],
      added: ['@tribes'],
    });
    expect(swapWords([['rural', 'health']], ['@tribes'])).toBeNull();
  });

  it('finds no counterpart for a word unlike any before it, nor for markers', () => {
    expect(swapWords([['marine', 'debris', 'cleanup']], ['wildfire'])).toBeNull();
    expect(swapWords([['rural', 'health']], ['ohio'])).toBeNull();
    expect(swapWords([['hiv', 'prevention'], ['!dod']], ['-vaccines'])).toBeNull();
  });
});
