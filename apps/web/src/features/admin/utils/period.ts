// The period and department the office's pages are filtered by, read from and
// written to the address (so a link or a reload shows the same figures). No
// period in the address means this fiscal year.
import { fiscalYearOf } from '@grantbridge/contract/admin';
import { addIsoDays, addIsoYears } from '@grantbridge/contract/days';

export type PeriodKind = 'fiscal' | 'last12' | 'custom';

export type AdminFilters = {
  kind: PeriodKind;
  from: string;
  to: string;
  department: string | undefined;
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The twelve months up to and including today: 2025-05-11 … 2026-05-10. */
export function lastTwelveMonths(today: string): { from: string; to: string } {
  return { from: addIsoDays(addIsoYears(today, -1), 1), to: today };
}

/** The filters an address asks for; a period it cannot use falls back to this fiscal year. */
export function readFilters(params: URLSearchParams, today: string): AdminFilters {
  const department = params.get('department')?.trim() || undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const fiscal = fiscalYearOf(today);
  if (isoDay.test(from) && isoDay.test(to) && from <= to) {
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
  return {
    kind: params.get('period') === 'custom' ? 'custom' : 'fiscal',
    from: fiscal.from,
    to: fiscal.to,
    department,
  };
}

/** The query for the API and for links: the period always stated, so a link means the same tomorrow. */
export function filterQuery(filters: Pick<AdminFilters, 'from' | 'to' | 'department'>) {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.department ? { department: filters.department } : {}),
  };
}

/** `?status=awarded&from=…&to=…&department=…` for a link to a list. */
export function searchOf(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
