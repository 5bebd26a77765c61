// What in a query names one grant or programme (decision 042).
import { describe, expect, it } from 'vitest';
import { knownItemKeys } from './known-items';

describe('known items', () => {
  it('reads an opportunity number however it is typed', () => {
    expect(knownItemKeys('pa 23 137')?.numbers).toContain('pa23137');
    expect(knownItemKeys('rfa-da-24-001')?.numbers).toContain('rfada24001');
    expect(knownItemKeys('opportunity N00014-23-S-F005 please')?.numbers).toContain('n0001423sf005');
    expect(knownItemKeys('RFA DA 24')?.prefix).toBe('rfada24');
  });

  it('reads Assistance Listing numbers', () => {
    expect(knownItemKeys('CFDA 93.855')?.listings).toEqual(['93.855']);
    expect(knownItemKeys('assistance listing 10.310 and 93.855')?.listings).toEqual(['10.310', '93.855']);
  });

  it('finds nothing in a query without a number, or with only a year or an amount', () => {
    expect(knownItemKeys('climate change adaptation')).toBeNull();
    expect(knownItemKeys('grants in 2027')).toBeNull();
    expect(knownItemKeys('over 500k')).toBeNull();
  });
});
