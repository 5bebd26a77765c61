// Known items (decision 042): what in a query names one grant or programme
// rather than a topic. An opportunity number however it is typed ("pa 23
// 137", "rfa-da-24-001", "RFA DA 24"), compared without case or separators
// (grants.number_key), and Assistance Listing numbers ("93.855", "CFDA
// 10.310"). The grants they name come before the ranked results.

export type KnownItemKeys = {
  /** Compacted runs of the query's words that hold a digit: each may be a whole opportunity number. */
  numbers: string[];
  /** The whole query compacted, when it looks like the start of an opportunity number. */
  prefix: string | null;
  /** Assistance Listing numbers. */
  listings: string[];
};

const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Words that are never part of an opportunity number typed with spaces. */
const plainWords = new Set('a an and the of in on at to by for from over under with grant grants due before after closing'.split(' '));
/** A token that can be part of a number typed with spaces: it holds a digit, or is a short code ("pa", "rfa", "nifa"). */
const numberPart = (token: string) => /\d/.test(token) || (token.length <= 5 && /^[a-z]+$/i.test(token) && !plainWords.has(token.toLowerCase()));

export function knownItemKeys(text: string | null | undefined): KnownItemKeys | null {
  if (!text || !/\d/.test(text)) return null;
  const listings = [...new Set([...text.matchAll(/(?<![\d.])(\d{2}\.\d{3})(?![\d.])/g)].map((m) => m[1]!))];
  const rest = text.replace(/(?<![\d.])\d{2}\.\d{3}(?![\d.])/g, ' ');
  const tokens = rest.split(/\s+/).filter(Boolean).slice(0, 40);
  const numbers = new Set<string>();
  for (let start = 0; start < tokens.length; start++) {
    for (let end = start + 1; end <= Math.min(tokens.length, start + 6); end++) {
      const span = tokens.slice(start, end);
      if (end - start > 1 && !span.every(numberPart)) break;
      const key = compact(span.join(''));
      // A bare year or amount is not a number anyone types for a call ("2027", "500k").
      if (key.length >= 5 && key.length <= 40 && /\d/.test(key) && !/^\d{4}$/.test(key)) numbers.add(key);
    }
  }
  const whole = compact(rest);
  const prefix =
    tokens.length <= 6 && tokens.every(numberPart) && whole.length >= 6 && whole.length <= 40 && /[a-z]/.test(whole) && /\d/.test(whole)
      ? whole
      : null;
  if (!numbers.size && !listings.length) return null;
  return { numbers: [...numbers].filter((k) => /\d/.test(k)), prefix, listings };
}
