// The period picker's and department filter's state, kept in the address.
import { useSearchParams } from 'react-router';
import { fiscalYearOf } from '@grantbridge/contract/admin';
import { localIsoDay } from '../../../lib/local-day';
import { lastTwelveMonths, readFilters, type PeriodKind } from '../utils/period';

/** The filters in force and their setters; no period in the address means this fiscal year. */
export function useAdminFilters() {
  const [params, setParams] = useSearchParams();
  const today = localIsoDay();
  const filters = readFilters(params, today);

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: false, preventScrollReset: true },
    );

  const setPeriod = (kind: PeriodKind, range?: { from: string; to: string }) =>
    update((next) => {
      const chosen =
        kind === 'fiscal'
          ? fiscalYearOf(today)
          : kind === 'last12'
            ? lastTwelveMonths(today)
            : (range ?? filters);
      next.set('from', chosen.from);
      next.set('to', chosen.to);
      if (kind === 'custom') next.set('period', 'custom');
      else next.delete('period');
    });

  const setDepartment = (department: string | undefined) =>
    update((next) => {
      if (department) next.set('department', department);
      else next.delete('department');
    });

  return { filters, params, today, setPeriod, setDepartment };
}
