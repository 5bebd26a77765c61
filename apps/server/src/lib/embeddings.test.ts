import { describe, expect, it } from 'vitest';
import { contentWords, cosine, dequantize, embedText, embeddingsAvailable, quantize } from './embeddings';

describe('word embeddings', () => {
  it('ships the vectors', () => {
    expect(embeddingsAvailable()).toBe(true);
  });

  it('puts texts about the same thing closer than unrelated ones', () => {
    const sim = (a: string, b: string) => cosine(embedText(a)!, embedText(b)!);
    expect(sim('opioid addiction', 'substance abuse treatment')).toBeGreaterThan(sim('opioid addiction', 'bridge construction') + 0.3);
    expect(sim('wildlife habitat conservation', 'endangered species protection')).toBeGreaterThan(0.6);
    expect(sim('cancer', 'tumor')).toBeGreaterThan(sim('cancer', 'highway'));
  });

  it('ignores stop words and unknown words, and has no vector for a text without known words', () => {
    expect(contentWords('The study of the Forests and Soils')).toEqual(['study', 'forests', 'soils']);
    expect(embedText('the and of')).toBeNull();
    expect(embedText('zzqxv qqzzv')).toBeNull();
  });

  it('stores a vector in 100 bytes with little loss', () => {
    const v = embedText('coastal resilience and sea level rise')!;
    const back = dequantize(new Uint8Array(quantize(v)));
    expect(cosine(v, back)).toBeGreaterThan(0.999);
  });
});
