// The period and department the office's pages are filtered by, read from and
// written to the address (so a link or a reload shows the same figures). No
// period in the address means this fiscal year.
import { fiscalYearOf } from '@grantbridge/contract/admin';
import { addIsoDays, addIsoYears } from '@grantbridge/contract/days';
import { readRange } from './period-range';

export { filterQuery } from './period-range';

export type PeriodKind = 'fiscal' | 'last12' | 'custom';

export type AdminFilters = {
  kind: PeriodKind;
  from: string;
  to: string;
  department: string | undefined;
};

/** The twelve months up to and including today: 2025-05-11 … 2026-05-10. */
export function lastTwelveMonths(today: string): { from: string; to: string } {
  return { from: addIsoDays(addIsoYears(today, -1), 1), to: today };
}

/** The filters an address asks for; a period it cannot use falls back to this fiscal year. */
export function readFilters(params: URLSearchParams, today: string): AdminFilters {
  const { from, to, department, stated } = readRange(params, today);
  if (stated) {
    const fiscal = fiscalYearOf(today);
    const twelve = lastTwelveMonths(today);
    const kind: PeriodKind =
      params.get('period') === 'custom'
        ? 'custom'
        : from === fiscal.from && to === fiscal.to
          ? 'fiscal'
          : from === twelve.from && to === twelve.to
            ? 'last12'
            : 'custom';
    return { kind, from, to, department };
  }
  return { kind: params.get('period') === 'custom' ? 'custom' : 'fiscal', from, to, department };
}

/** `?status=awarded&from=…&to=…&department=…` for a link to a list. */
export function searchOf(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
