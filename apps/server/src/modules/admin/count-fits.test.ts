// countFits: how many people share at least one area with each grant, worked
// by hand on small cases (a person counts once however many areas match).
import { describe, expect, it } from 'vitest';
import { countFits } from './overview.repository';

describe('countFits', () => {
  const people = [
    ['Hydrology', 'Forest Ecology'], // 0
    ['Hydrology'], // 1
    ['Oncology'], // 2
    ['Forest Ecology', 'Oncology'], // 3
  ];

  it('counts each person once, by the union of the grant’s areas', () => {
    expect(countFits(people, [['Hydrology'], ['Forest Ecology'], ['Hydrology', 'Forest Ecology'], ['Oncology', 'Hydrology'], ['Robotics'], []]))
      .toEqual([2, 2, 3, 4, 0, 0]);
  });

  it('gives the same answer for the same areas in any order or repeated', () => {
    expect(countFits(people, [['Oncology', 'Forest Ecology'], ['Forest Ecology', 'Oncology', 'Oncology']])).toEqual([3, 3]);
  });

  it('works past one 32-bit word of people', () => {
    const many = Array.from({ length: 70 }, (_, i) => (i % 2 === 0 ? ['A'] : ['B']));
    expect(countFits(many, [['A'], ['B'], ['A', 'B'], ['C']])).toEqual([35, 35, 70, 0]);
    expect(countFits([], [['A']])).toEqual([0]);
  });
});
