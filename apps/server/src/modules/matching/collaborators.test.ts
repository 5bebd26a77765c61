import { describe, expect, it } from 'vitest';
import { rankCollaborators, scoreCollaborator } from './collaborators';

describe('scoreCollaborator (the seed formula, worked by hand)', () => {
  const grant = ['Forest Ecology', 'Carbon Cycling', 'Climate Change', 'Remote Sensing'];

  it('counts complementary areas at 0.6 and shared ones at 0.4', () => {
    // Candidate has Carbon Cycling (user has it too: matching) and Remote Sensing (user lacks it: complementary).
    // score = 1/4 × 0.6 + 1/4 × 0.4 = 0.25
    const fit = scoreCollaborator(grant, ['Carbon Cycling'], ['Carbon Cycling', 'Remote Sensing', 'Poetry']);
    expect(fit).toEqual({
      score: 0.25,
      matchingAreas: ['Carbon Cycling'],
      complementaryAreas: ['Remote Sensing'],
      matchIncrease: 25,
    });
  });

  it('gives 0.6 to a candidate who covers every area the user lacks and none they have', () => {
    // User: Forest Ecology; candidate: the other three. 3/4 × 0.6 = 0.45
    expect(scoreCollaborator(grant, ['Forest Ecology'], ['Carbon Cycling', 'Climate Change', 'Remote Sensing']).score).toBe(0.45);
  });

  it('matches by case-insensitive substring in both directions', () => {
    // "ecology" is inside "Forest Ecology" (candidate area shorter than grant area);
    // "Climate Change Adaptation" contains "Climate Change" (candidate area longer).
    const fit = scoreCollaborator(grant, [], ['ecology', 'CLIMATE CHANGE ADAPTATION']);
    // Named as the candidate lists them, not by the grant's wording she does not use (issue 30).
    expect(fit.complementaryAreas).toEqual(['ecology', 'CLIMATE CHANGE ADAPTATION']);
    expect(fit.score).toBe(0.3); // 2/4 × 0.6
  });

  it('scores 0 for a grant with no areas', () => {
    expect(scoreCollaborator([], ['Ecology'], ['Ecology'])).toEqual({
      score: 0,
      matchingAreas: [],
      complementaryAreas: [],
      matchIncrease: 0,
    });
  });

  it('scores 0 when nothing overlaps', () => {
    expect(scoreCollaborator(grant, ['Forest Ecology'], ['Medieval History']).score).toBe(0);
  });
});

describe('rankCollaborators', () => {
  it('keeps the top 3 with a score above 0, best first', () => {
    const grant = ['A area', 'B area', 'C area'];
    const candidates = [
      { id: '1', name: 'Zed', researchAreas: ['A area'] }, // complementary 1/3 × 0.6 = 0.2
      { id: '2', name: 'Amy', researchAreas: ['B area', 'C area'] }, // 2/3 × 0.6 = 0.4
      { id: '3', name: 'Bob', researchAreas: ['Nothing'] }, // 0: dropped
      { id: '4', name: 'Cat', researchAreas: ['A area', 'B area', 'C area'] }, // 0.6
      { id: '5', name: 'Dan', researchAreas: ['C area'] }, // 0.2, ties with Zed: by name
    ];
    expect(rankCollaborators(grant, [], candidates).map((c) => c.name)).toEqual(['Cat', 'Amy', 'Dan']);
  });
});
