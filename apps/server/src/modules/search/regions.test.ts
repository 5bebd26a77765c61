// A continent as its countries (regions.ts), from the countries-list package.
import { describe, expect, it } from 'vitest';
import { countriesOf } from './regions';

describe('countriesOf', () => {
  it('gives a continent word its countries, and any other word none', () => {
    expect(countriesOf('africa')).toEqual(expect.arrayContaining(['kenya', 'zimbabwe', 'south africa', 'sierra leone']));
    expect(countriesOf('african')).toEqual(countriesOf('africa'));
    expect(countriesOf('asia')).toEqual(expect.arrayContaining(['indonesia', 'philippines']));
    expect(countriesOf('asia')).not.toContain('kenya');
    expect(countriesOf('malaria')).toEqual([]);
  });

  it('leaves out countries named like other things: the state of Georgia, a turkey', () => {
    expect(countriesOf('asia')).not.toContain('georgia');
    expect(countriesOf('asia')).not.toContain('turkey');
    expect(countriesOf('africa')).not.toContain('chad');
  });
});
