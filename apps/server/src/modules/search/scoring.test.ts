import { describe, expect, it } from 'vitest';
import { keywordCoverage, keywordHits, keywordWeight, mentions, stem } from './scoring';

const grant = (title: string, researchAreas: string[] = [], description: string | null = null) => ({
  title,
  researchAreas,
  description,
  programText: null,
  agency: null,
  agencyCode: null,
});

describe('stem', () => {
  it('strips -ment so "treatment" finds "treat" and "management" finds "manage"', () => {
    expect(stem('treatment')).toBe('treat');
    expect(stem('treatments')).toBe('treat');
    expect(mentions('Medications to Prevent and Treat Opioid Use Disorders', 'treatment')).toBe(
      true,
    );
    expect(mentions('Managing wildland fuels', 'management')).toBe(false);
    expect(mentions('Manage wildland fuels', 'management')).toBe(true);
  });

  it('keeps at least four letters before -ment', () => {
    expect(stem('comment')).toBe('comme');
    expect(mentions('Public comment period', 'comment')).toBe(true);
    expect(mentions('Community engagement', 'comment')).toBe(false);
  });
});

describe('keywordCoverage', () => {
  it('counts a keyword in the title and one more field fully', () => {
    const g = grant('Coral reef conservation', ['Oceanography'], 'Protecting coral reefs.');
    expect(keywordCoverage(keywordHits(g, ['coral']), ['coral'])).toBe(100);
  });

  it('down-weights grant boilerplate such as "services" and "assistance"', () => {
    expect(keywordWeight('services')).toBeCloseTo(1 / 3);
    expect(keywordWeight('veterans')).toBe(1);
    const keywords = ['veterans', 'services'];
    const topical = grant('Adaptive Sports Grants for Disabled Veterans');
    const generic = grant(
      'Health Services Research Projects',
      ['Health Services'],
      'Health services research.',
    );
    const topicalScore = keywordCoverage(keywordHits(topical, keywords), keywords);
    const genericScore = keywordCoverage(keywordHits(generic, keywords), keywords);
    // veterans in the title only (2/3) vs services fully covered, at weights 1 and 1/3.
    expect(topicalScore).toBeCloseTo(50);
    expect(genericScore).toBeCloseTo(25);
    expect(topicalScore).toBeGreaterThan(genericScore);
  });

  it('is 0 without keywords and 100 when every keyword is fully covered', () => {
    expect(keywordCoverage({ title: [], areas: [], description: [], agency: [] }, [])).toBe(0);
    const g = grant('Refugee assistance programs', [], 'Assistance to refugees.');
    expect(
      keywordCoverage(keywordHits(g, ['refugee', 'assistance']), ['refugee', 'assistance']),
    ).toBe(100);
  });
});
