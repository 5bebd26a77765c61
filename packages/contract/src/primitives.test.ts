import { describe, expect, it } from 'vitest';
import { calendarDay, findUnsafeText, isSafeText, money, moneyParam } from './primitives';

describe('text a database can store', () => {
  it('refuses NUL and unpaired surrogates, and keeps paired ones (emoji)', () => {
    expect(isSafeText('plain text, ünïcödé')).toBe(true);
    expect(isSafeText('a 😀 b')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('\uD83D')).toBe(false);
    expect(isSafeText('x\uDE00y')).toBe(false);
  });

  it('names the first bad field, in keys and values at any depth', () => {
    expect(findUnsafeText({ name: 'ok', filters: { q: ['fine', 'ba\u0000d'] } })).toEqual({
      path: 'filters.q.1',
      message: 'Contains characters that are not allowed',
    });
    expect(findUnsafeText({ filters: { ['k\uD800']: 1 } })).toMatchObject({ path: 'filters' });
    expect(findUnsafeText({ a: [1, true, null, { b: 'c' }] })).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findUnsafeText({ deep })).toMatchObject({ message: 'Nested too deeply' });
  });
});

describe('money and days', () => {
  it('takes whole dollars from 0 to a trillion', () => {
    expect(moneyParam.parse('500000')).toBe(500000);
    for (const bad of ['1.5', '1e-300', '-1', '1e308', 'NaN', 'abc']) expect(moneyParam.safeParse(bad).success).toBe(false);
    expect(money.safeParse(1e308).success).toBe(false);
    expect(money.safeParse(2.5).success).toBe(false);
  });

  it('takes real calendar days from 1900 to 2200', () => {
    expect(calendarDay.parse('2027-02-28')).toBe('2027-02-28');
    for (const bad of ['0000-01-01', '2027-02-30', '9999-12-31', '1899-12-31', '2027-2-1']) {
      expect(calendarDay.safeParse(bad).success, bad).toBe(false);
    }
  });
});
