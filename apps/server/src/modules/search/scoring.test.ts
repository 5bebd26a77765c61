import { describe, expect, it } from 'vitest';
import {
  keywordCoverage,
  keywordHits,
  phrasePatterns,
  phraseShare,
  wordFormsOf,
  keywordWeight,
  mentions,
  rarityWeight,
  stem,
} from './scoring';

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
    // veterans in the title (counts fully) vs services fully covered, at weights 1 and 1/3.
    expect(topicalScore).toBeCloseTo(75);
    expect(genericScore).toBeCloseTo(25);
    expect(topicalScore).toBeGreaterThan(genericScore);
  });

  it('counts a keyword in the title fully, in two other fields fully, in the description alone by half', () => {
    const keywords = ['wetland'];
    expect(keywordCoverage(keywordHits(grant('Wetland grants'), keywords), keywords)).toBe(100);
    expect(
      keywordCoverage(
        keywordHits(grant('Grants', ['Wetland Ecology'], 'Wetland work.'), keywords),
        keywords,
      ),
    ).toBe(100);
    expect(
      keywordCoverage(keywordHits(grant('Grants', [], 'Wetland work.'), keywords), keywords),
    ).toBe(50);
  });

  it('is 0 without keywords and 100 when every keyword is fully covered', () => {
    expect(keywordCoverage({ title: [], areas: [], description: [], agency: [] }, [])).toBe(0);
    const g = grant('Refugee assistance programs', [], 'Assistance to refugees.');
    expect(
      keywordCoverage(keywordHits(g, ['refugee', 'assistance']), ['refugee', 'assistance']),
    ).toBe(100);
  });
});

describe('rarityWeight and coverage weighted by rarity', () => {
  it("is BM25's inverse document frequency, worked by hand", () => {
    // ln(1 + (4000 - 2 + 0.5) / (2 + 0.5)) = ln(1600.4)
    expect(rarityWeight(2, 4000)).toBeCloseTo(7.378, 3);
    // ln(1 + 3000.5 / 1000.5) = ln(3.999)
    expect(rarityWeight(1000, 4000)).toBeCloseTo(1.386, 3);
    expect(rarityWeight(4000, 4000)).toBeCloseTo(0.000125, 6);
    // Counts out of range are held inside it.
    expect(rarityWeight(5000, 4000)).toBe(rarityWeight(4000, 4000));
  });

  it('lets the rare word decide: "pollinator health" prefers the pollinator grant', () => {
    const keywords = ['pollinator', 'health'];
    const pollinator = keywordHits(grant('Pollinator habitat on farms'), keywords);
    const health = keywordHits(
      grant('Community health workers', [], 'Health care models'),
      keywords,
    );
    // Unweighted, the common word in two fields ties with the specific one in the title.
    expect(keywordCoverage(health, keywords)).toBe(keywordCoverage(pollinator, keywords));
    const weights = new Map([
      ['pollinator', rarityWeight(1, 4000)],
      ['health', rarityWeight(900, 4000)],
    ]);
    expect(keywordCoverage(pollinator, keywords, weights)).toBeGreaterThan(
      keywordCoverage(health, keywords, weights),
    );
    // 1 (a title counts fully) × 7.98 / (7.98 + 1.49) × 100
    expect(keywordCoverage(pollinator, keywords, weights)).toBeCloseTo(
      (weights.get('pollinator')! / (weights.get('pollinator')! + weights.get('health')!)) * 100,
      6,
    );
  });
});

describe('phraseShare', () => {
  it('counts the query word pairs a grant says close together, at most one word apart', () => {
    const patterns = phrasePatterns(['wetland', 'conservation', 'grants']);
    // "Wetlands Conservation" together; "conservation ... grants" two words apart.
    expect(
      phraseShare({ title: 'Wetlands Conservation Act small grants', description: null }, patterns),
    ).toBe(0.5);
    expect(
      phraseShare(
        { title: 'Conservation Fund', description: 'Grants for wetland conservation work.' },
        patterns,
      ),
    ).toBe(0.5);
    expect(
      phraseShare({ title: 'Wetland program', description: 'Species conservation.' }, patterns),
    ).toBe(0);
    // Not across the title and the description.
    expect(
      phraseShare({ title: 'Coastal wetland', description: 'Conservation of marshes.' }, patterns),
    ).toBe(0);
    expect(phrasePatterns(['wetland'])).toEqual([]);
  });
});

describe('wordFormsOf', () => {
  it('finds a keyword, its root and their inflections as whole words, never a longer derivation', () => {
    const finds = (keyword: string, text: string) => wordFormsOf(keyword).test(text);
    expect(finds('effects', 'the effect of smoke')).toBe(true);
    expect(finds('effects', 'effectiveness of care')).toBe(false);
    expect(finds('informal', 'informal learning')).toBe(true);
    expect(finds('informal', 'information systems')).toBe(false);
    expect(finds('treatment', 'to treat opioid use')).toBe(true);
    expect(finds('treatment', 'treated patients')).toBe(true);
    expect(finds('studies', 'a study of')).toBe(true);
    expect(finds('forests', 'reforestation')).toBe(false);
    expect(finds('materials', 'structural material')).toBe(true);
  });

  it('makes keyword hits whole words: "informal science" does not cover "Information Science"', () => {
    const hits = keywordHits(grant('Quantum Information Science'), ['informal', 'science']);
    expect(hits.title).toEqual(['science']);
  });
});
