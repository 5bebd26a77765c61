import { describe, expect, it } from 'vitest';
import { assignResearchAreas, stemWords } from './grant-areas';

describe('research areas', () => {
  it('folds plurals and splits on punctuation', () => {
    expect(stemWords('Forests, Wetlands & Studies')).toEqual(['forest', 'wetland', 'study']);
  });

  it('assigns ecology areas from the title and description', () => {
    const areas = assignResearchAreas({
      title: 'Forest Carbon Sequestration and Watershed Health',
      description: 'Research on soil carbon, nitrogen cycling and stream restoration in forested watersheds under climate change.',
    });
    expect(areas).toEqual(expect.arrayContaining(['Forest Ecology', 'Carbon Cycling', 'Watershed Management', 'Climate Change']));
    expect(areas.length).toBeLessThanOrEqual(6);
  });

  it('assigns broad fields, and is deterministic', () => {
    const grant = {
      title: 'Machine Learning for Public Health Surveillance',
      description: 'Deep learning methods for epidemiology and outbreak detection in community health data.',
      categoryCodes: ['HL'],
    };
    const areas = assignResearchAreas(grant);
    expect(areas).toEqual(expect.arrayContaining(['Machine Learning', 'Public Health', 'Epidemiology']));
    expect(assignResearchAreas(grant)).toEqual(areas);
  });

  it('uses the funding category alone when there is no text to match', () => {
    expect(assignResearchAreas({ title: 'FY24 Program 7', categoryCodes: ['ED'] })).toEqual(['Education']);
    expect(assignResearchAreas({ title: 'FY24 Program 7' })).toEqual([]);
  });

  it('caps the list at six areas, best first', () => {
    const areas = assignResearchAreas({
      title: 'Climate, energy, agriculture, education, oceanography, cancer, robotics and wildlife',
    });
    expect(areas).toHaveLength(6);
    expect(areas[0]).toBe('Climate Change');
  });
});
