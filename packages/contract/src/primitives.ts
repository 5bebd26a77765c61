// Input every route shares, checked once: text without NUL characters or
// unpaired UTF-16 surrogates (PostgreSQL refuses both, so they used to end in
// a 500), money in whole dollars within a sane range, and real calendar days
// in a sane range. The server runs `findUnsafeText` over every request body,
// query and path before validation; the schemas below use the rest.
import { isRealIsoDay } from './days';
import { z } from 'zod';

/** A NUL, or a surrogate half without its pair. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
const unsafeCharacter = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !unsafeCharacter.test(text);
}

/** Deeper than any request of ours nests; deeper input is refused rather than walked. */
export const maxInputDepth = 32;

export type UnsafeInput = { path: string; message: string };

/**
 * The first place in a parsed request (body, query or params) holding text a
 * database cannot store, in a key or a value, or nesting deeper than
 * `maxInputDepth`; null when there is none.
 */
export function findUnsafeText(value: unknown, path = '', depth = 0): UnsafeInput | null {
  if (depth > maxInputDepth) return { path: path || 'body', message: 'Nested too deeply' };
  if (typeof value === 'string') {
    return isSafeText(value) ? null : { path: path || 'body', message: 'Contains characters that are not allowed' };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (!isSafeText(key)) return { path: path || 'body', message: 'Contains a field name that is not allowed' };
      const found = findUnsafeText(inner, at, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** A query parameter that is true or false (also 1 or 0). */
export const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
  .transform((v) => v === 'true' || v === '1');

/** The largest amount anyone asks for: a trillion dollars. */
export const maxAmount = 1e12;

/** Dollars as a query parameter: a whole number from 0 to a trillion. */
export const moneyParam = z.coerce
  .number({ error: 'Enter an amount in dollars' })
  .int('Use whole dollars')
  .min(0, 'Amounts cannot be negative')
  .max(maxAmount, 'That amount is too large');

/** Dollars in a JSON body. */
export const money = z
  .number({ error: 'Enter an amount in dollars' })
  .int('Use whole dollars')
  .min(0, 'Amounts cannot be negative')
  .max(maxAmount, 'That amount is too large');

export const earliestDay = '1900-01-01';
export const latestDay = '2200-12-31';

/** A real calendar day as YYYY-MM-DD, from 1900 to 2200. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine(isRealIsoDay, 'That date does not exist')
  .refine((value) => value >= earliestDay && value <= latestDay, 'Use a date between 1900 and 2200');
