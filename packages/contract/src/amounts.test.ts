import { describe, expect, it } from 'vitest';
import { parseAmount } from './amounts';

describe('parseAmount', () => {
  it.each([
    ['$1.5M', 1_500_000],
    ['500k', 500_000],
    ['500 thousand', 500_000],
    ['2 million', 2_000_000],
    ['3 mil', 3_000_000],
    ['1mm', 1_000_000],
    ['250,000', 250_000],
    ['  $ 250,000  ', 250_000],
    ['$100', 100],
    ['.5m', 500_000],
    ['99.6', 100],
    ['1b', 1_000_000_000],
    ['2 bn', 2_000_000_000],
    ['1 billion', 1_000_000_000],
    ['0', 0],
  ])('%j → %s', (text, value) => expect(parseAmount(text)).toBe(value));

  it.each(['lots', '', '-5', '1,00', '5 dollars', '$', '1e9', '9'.repeat(400)])(
    '%j is not an amount',
    (text) => {
      expect(parseAmount(text)).toBeNull();
    },
  );
});
