// Hand-worked examples of the recommendation score (recommendations.ts).
import { describe, expect, it } from 'vitest';
import { namedAmongAuthors, recommendPeople, scorePair, type RecommendationPerson } from './recommendations';

const person = (id: string, researchAreas: string[], expertise: string[] = [], vector: number[] | null = null): RecommendationPerson => ({
  id,
  name: id,
  researchAreas,
  expertise,
  vector: vector ? padded(vector) : null,
});
/** A unit vector in the first dimensions, zeros after (the embeddings have 100). */
function padded(v: number[]) {
  const out = new Float32Array(100);
  v.forEach((x, i) => (out[i] = x));
  return out;
}
const noAffinity = () => 0;

describe('scorePair', () => {
  it('scores shared areas: 1 of the user 2 areas shared → 0.5 × 1/2 = 0.25', () => {
    const user = person('u', ['Hydrology', 'Forest Ecology']);
    const candidate = person('c', ['forest ecology']);
    expect(scorePair(user, candidate, noAffinity)).toEqual({ score: 0.25, commonInterests: ['Forest Ecology'], complementaryAreas: [], coAuthor: false });
  });

  it('adds complementary areas by affinity: other area Soil Science, affinity 0.6 → 0.2 × 0.6 = 0.12', () => {
    const user = person('u', ['Hydrology']);
    const candidate = person('c', ['Soil Science']);
    const affinity = (a: string, b: string) => (a === 'Hydrology' && b === 'Soil Science' ? 0.6 : 0);
    expect(scorePair(user, candidate, affinity)).toMatchObject({ score: 0.12, complementaryAreas: ['Soil Science'] });
  });

  it('averages complementary over the candidate other areas: (0.6 + 0) / 2 × 0.2 = 0.06, plus shared 0.5', () => {
    const user = person('u', ['Hydrology']);
    const candidate = person('c', ['Hydrology', 'Soil Science', 'Poetry']);
    const affinity = (_a: string, b: string) => (b === 'Soil Science' ? 0.6 : 0);
    expect(scorePair(user, candidate, affinity).score).toBe(0.56);
  });

  it('counts expertise over the smaller list: 1 shared of min(2, 1) → 0.15', () => {
    const user = person('u', [], ['LiDAR', 'remote sensing']);
    const candidate = person('c', [], ['lidar']);
    expect(scorePair(user, candidate, noAffinity)).toEqual({ score: 0.15, commonInterests: ['LiDAR'], complementaryAreas: [], coAuthor: false });
  });

  it('adds text similarity, cosine 0.6 → 0.09; opposite texts count 0', () => {
    const user = person('u', [], [], [1, 0]);
    expect(scorePair(user, person('c', [], [], [0.6, 0.8]), noAffinity).score).toBe(0.09);
    expect(scorePair(user, person('d', [], [], [-1, 0]), noAffinity).score).toBe(0);
  });
});

describe('recommendPeople', () => {
  const user = person('me', ['Hydrology', 'Forest Ecology']);
  const candidates = [
    person('ann', ['Hydrology', 'Forest Ecology']),
    person('bob', ['Hydrology']),
    person('cat', ['Hydrology']),
    person('dan', ['Astrophysics']),
    person('me', ['Hydrology']),
  ];

  it('leaves out the user, their contacts and people with nothing in common; ties by mutual connections, then name', () => {
    const result = recommendPeople(
      user,
      candidates,
      { contacts: new Set(['ann']), mutual: new Map([['cat', 2]]), affinity: noAffinity },
      10,
    );
    expect(result.map((r) => [r.person.id, r.score, r.mutualConnections])).toEqual([
      ['cat', 0.25, 2],
      ['bob', 0.25, 0],
    ]);
  });

  it('keeps the best `limit`', () => {
    const result = recommendPeople(user, candidates, { contacts: new Set(), mutual: new Map(), affinity: noAffinity }, 1);
    expect(result.map((r) => r.person.id)).toEqual(['ann']);
  });

  it('leaves out colleagues at the user own institution, however close', () => {
    const mine = { ...person('me', ['Hydrology']), institutionId: 'uni-a' };
    const result = recommendPeople(
      mine,
      [
        { ...person('colleague', ['Hydrology']), institutionId: 'uni-a' },
        { ...person('elsewhere', ['Hydrology']), institutionId: 'uni-b' },
      ],
      { contacts: new Set(), mutual: new Map(), affinity: noAffinity },
      10,
    );
    expect(result.map((r) => r.person.id)).toEqual(['elsewhere']);
  });

  it('needs a reason to give: close texts alone (0.15 × 1 = 0.15) recommend no one', () => {
    const mine = person('me', ['Hydrology'], [], [1, 0]);
    const textOnly = person('text', ['Poetry'], [], [1, 0]);
    expect(scorePair(mine, textOnly, noAffinity).score).toBe(0.15);
    expect(recommendPeople(mine, [textOnly], { contacts: new Set(), mutual: new Map(), affinity: noAffinity }, 10)).toEqual([]);
  });

  it('names a complementary area from affinity 0.2 (0.19 is not one) and adds 0.2 for a co-author', () => {
    const mine = { ...person('Dr. Mia Moss', ['Hydrology']), publicationAuthors: 'Moss, M.; Reed, A.' };
    const affinity = (_a: string, b: string) => (b === 'Soil Science' ? 0.3 : b === 'Geology' ? 0.19 : 0);
    const found = recommendPeople(
      mine,
      [person('Sol Soil', ['Soil Science']), person('Geo Rock', ['Geology']), person('Ann Reed', ['Poetry'])],
      { contacts: new Set(), mutual: new Map(), affinity },
      10,
    );
    expect(found.map((r) => [r.person.id, r.score, r.complementaryAreas, r.coAuthor])).toEqual([
      // A paper together: 0.2, nothing else in common.
      ['Ann Reed', 0.2, [], true],
      // Complementary: 0.2 × 0.3 = 0.06, Soil Science named.
      ['Sol Soil', 0.06, ['Soil Science'], false],
      // Geo Rock: 0.2 × 0.19 = 0.038, under 0.05, and Geology is not named: left out.
    ]);
  });
});

describe('namedAmongAuthors', () => {
  it('finds a person by family name and given name or initial, not by family name alone', () => {
    expect(namedAmongAuthors('Ellery, J.; Okafor, A.', 'Dr. Jordan Ellery')).toBe(true);
    expect(namedAmongAuthors('J Ellery and A Okafor', 'Jordan Ellery')).toBe(true);
    expect(namedAmongAuthors('Jordan Ellery & Amara Okafor', 'Prof. Jordan Ellery')).toBe(true);
    expect(namedAmongAuthors('Ellery, K.; Okafor, A.', 'Dr. Jordan Ellery')).toBe(false);
    expect(namedAmongAuthors('Okafor, A.', 'Jordan Ellery')).toBe(false);
    expect(namedAmongAuthors('', 'Jordan Ellery')).toBe(false);
  });
});
