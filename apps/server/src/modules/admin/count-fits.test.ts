// countFits: how many people share at least one area with each grant, worked
// by hand on small cases (a person counts once however many areas match).
import { describe, expect, it } from 'vitest';
import { countFits } from './overview.repository';

describe('countFits', () => {
  const one = (areas: string[]) => ({ areas, count: 1 });
  const people = [
    one(['Hydrology', 'Forest Ecology']), // 0
    one(['Hydrology']), // 1
    one(['Oncology']), // 2
    one(['Forest Ecology', 'Oncology']), // 3
  ];

  it('counts each person once, by the union of the grant’s areas', () => {
    expect(countFits(people, [['Hydrology'], ['Forest Ecology'], ['Hydrology', 'Forest Ecology'], ['Oncology', 'Hydrology'], ['Robotics'], []]))
      .toEqual([2, 2, 3, 4, 0, 0]);
  });

  it('gives the same answer for the same areas in any order or repeated', () => {
    expect(countFits(people, [['Oncology', 'Forest Ecology'], ['Forest Ecology', 'Oncology', 'Oncology']])).toEqual([3, 3]);
  });

  it('weighs a set of areas by how many people have it', () => {
    const sets = [{ areas: ['A'], count: 12 }, { areas: ['A', 'B'], count: 3 }, { areas: ['C'], count: 5 }];
    expect(countFits(sets, [['A'], ['B'], ['B', 'C'], ['A', 'B', 'C'], ['D']])).toEqual([15, 3, 8, 20, 0]);
  });

  it('works past one 32-bit word of sets', () => {
    const many = Array.from({ length: 70 }, (_, i) => one(i % 2 === 0 ? ['A', `x${i}`] : ['B', `x${i}`]));
    expect(countFits(many, [['A'], ['B'], ['A', 'B'], ['C'], ['x69', 'x0'], ['x33']])).toEqual([35, 35, 70, 0, 2, 1]);
    expect(countFits([], [['A']])).toEqual([0]);
  });
});
