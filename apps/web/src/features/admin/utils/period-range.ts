// The period and department an address asks the office's pages for, and the
// API query they make. Apart from period.ts (which names the kind of period
// and needs a date library for it), as the dashboard's route reads it while
// the page's code loads (decision 051). No period in the address, or one the
// pages cannot use, means this fiscal year.
import { fiscalYearOf } from '@grantbridge/contract/admin';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export type AdminRange = { from: string; to: string; department: string | undefined };

/** The range and department in force, and whether the address stated that range. */
export function readRange(
  params: URLSearchParams,
  today: string,
): AdminRange & { stated: boolean } {
  const department = params.get('department')?.trim() || undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (isoDay.test(from) && isoDay.test(to) && from <= to) {
    return { from, to, department, stated: true };
  }
  const fiscal = fiscalYearOf(today);
  return { from: fiscal.from, to: fiscal.to, department, stated: false };
}

/** The query for the API and for links: the period always stated, so a link means the same tomorrow. */
export function filterQuery(filters: AdminRange) {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.department ? { department: filters.department } : {}),
  };
}
