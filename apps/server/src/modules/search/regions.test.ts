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

  it('gives Latin America and South America their countries, the United States and Canada not among them', () => {
    expect(countriesOf('latin-america')).toEqual(expect.arrayContaining(['mexico', 'guatemala', 'brazil', 'peru', 'cuba']));
    expect(countriesOf('latin-america')).not.toContain('united states');
    expect(countriesOf('latin-america')).not.toContain('canada');
    expect(countriesOf('south-america')).toEqual(expect.arrayContaining(['brazil', 'chile']));
    expect(countriesOf('south-america')).not.toContain('mexico');
  });

  it('leaves out countries named like other things: the state of Georgia, a turkey', () => {
    expect(countriesOf('asia')).not.toContain('georgia');
    expect(countriesOf('asia')).not.toContain('turkey');
    expect(countriesOf('africa')).not.toContain('chad');
  });
});
