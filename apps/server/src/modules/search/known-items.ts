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

export function knownItemKeys(text: string | null | undefined): KnownItemKeys | null {
  if (!text || !/\d/.test(text)) return null;
  const listings = [...new Set([...text.matchAll(/(?<![\d.])(\d{2}\.\d{3})(?![\d.])/g)].map((m) => m[1]!))];
  const rest = text.replace(/(?<![\d.])\d{2}\.\d{3}(?![\d.])/g, ' ');
  const tokens = rest.split(/\s+/).filter(Boolean).slice(0, 40);
  const numbers = new Set<string>();
  for (let start = 0; start < tokens.length; start++) {
    for (let end = start + 1; end <= Math.min(tokens.length, start + 6); end++) {
      const key = compact(tokens.slice(start, end).join(''));
      if (key.length >= 5 && key.length <= 40 && /\d/.test(key) && /\d/.test(compact(tokens.slice(start, end).join('')))) numbers.add(key);
    }
  }
  const whole = compact(rest);
  const prefix = tokens.length <= 6 && whole.length >= 6 && whole.length <= 40 && /[a-z]/.test(whole) && /\d/.test(whole) ? whole : null;
  if (!numbers.size && !listings.length) return null;
  return { numbers: [...numbers].filter((k) => /\d/.test(k)), prefix, listings };
}
