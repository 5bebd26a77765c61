// Field values of a Grants.gov extract: dates, dollar amounts, counts,
// yes/no flags and versions, with the placeholders extracts use for "none".
// A value that is present but wrong throws a RecordError naming the field.

/** A record the importer rejects (with this reason) while it reads on. */
export class RecordError extends Error {}

const placeholders = new Set(['', 'none', 'not available', 'n/a', 'na', 'null']);
const longestPlaceholder = Math.max(...[...placeholders].map((p) => p.length));

export function isPlaceholder(value: string | undefined) {
  if (value === undefined) return true;
  // Only short values can be placeholders; lower-casing every description to find out cost a tenth of the parsing.
  const trimmed = value.trim();
  return trimmed.length <= longestPlaceholder && placeholders.has(trimmed.toLowerCase());
}

function realDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1000) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Grants.gov dates are MMDDYYYY. The pre-2016 format (`legacy`) also saw
 * MM/DD/YYYY and ISO dates in the wild. Empty and placeholder values are
 * null; anything else that is not a real calendar date throws.
 */
export function parseExtractDate(field: string, raw: string | undefined, legacy = false): string | null {
  if (isPlaceholder(raw)) return null;
  const value = raw!.trim();
  let m = /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  let iso: string | null = null;
  if (m) iso = realDate(Number(m[3]), Number(m[1]), Number(m[2]));
  else if (legacy && (m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value))) {
    iso = realDate(Number(m[3]), Number(m[1]), Number(m[2]));
  } else if (legacy && (m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value))) {
    iso = realDate(Number(m[1]), Number(m[2]), Number(m[3]));
  }
  if (!iso) throw new RecordError(`${field} is not a valid MMDDYYYY date: "${value.slice(0, 40)}"`);
  return iso;
}

/** A non-negative amount in dollars ("1500000", "1,500,000", "$1500000.00"), rounded to whole dollars. */
export function parseAmount(field: string, raw: string | undefined): number | null {
  if (isPlaceholder(raw)) return null;
  const value = raw!.trim();
  const cleaned = value.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) {
    throw new RecordError(`${field} is not a non-negative amount: "${value.slice(0, 40)}"`);
  }
  const n = Math.round(Number(cleaned));
  if (!Number.isSafeInteger(n)) throw new RecordError(`${field} is too large: "${value.slice(0, 40)}"`);
  return n;
}

/** A non-negative whole count (expected number of awards). */
export function parseCount(field: string, raw: string | undefined): number | null {
  const n = parseAmount(field, raw);
  if (n !== null && n > 2_147_483_647) throw new RecordError(`${field} is too large: "${raw!.trim()}"`);
  return n;
}

export function parseYesNo(raw: string | undefined): boolean | null {
  const v = raw?.trim().toLowerCase();
  if (v === 'yes' || v === 'y' || v === 'true') return true;
  if (v === 'no' || v === 'n' || v === 'false') return false;
  return null;
}

/** "Synopsis 2", "Forecast 1", "3" → the trailing number. */
export function parseVersion(raw: string | undefined): number | null {
  const m = raw ? /(\d{1,9})\s*$/.exec(raw.trim()) : null;
  return m ? Number(m[1]) : null;
}
