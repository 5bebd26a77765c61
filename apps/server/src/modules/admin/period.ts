// The period a report covers and the institution (and department) it is
// about; the SQL that keeps a query to them is period.repository.ts's. Days
// are UTC days, both ends included (decision 037).
import { fiscalYearOf } from '@grantbridge/contract/admin';
import { stageSets } from '@grantbridge/contract/grants';

export type Period = { from: string; to: string; label: string };
export type Scope = { institutionId: string; department: string | null };

/** The asked period, or the federal fiscal year holding `today`. */
export function resolvePeriod(query: { from?: string; to?: string }, today: string): Period {
  if (query.from && query.to) return { from: query.from, to: query.to, label: `${query.from} to ${query.to}` };
  return fiscalYearOf(today);
}

/**
 * The fiscal years (the years they end in) a period covers exactly, when it
 * runs from a 1 October to a later 30 September; else null.
 */
export function wholeFiscalYears(period: { from: string; to: string }): [number, number] | null {
  const from = /^(\d{4})-10-01$/.exec(period.from);
  const to = /^(\d{4})-09-30$/.exec(period.to);
  if (!from || !to) return null;
  const first = Number(from[1]) + 1;
  const last = Number(to[1]);
  return first <= last ? [first, last] : null;
}

export const inProgressStatuses = stageSets.inProgress;

export { isoDayOrNull as isoDay, isoInstant as isoTime } from '@grantbridge/contract/days';
