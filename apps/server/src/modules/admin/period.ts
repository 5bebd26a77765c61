// The period a report covers and the SQL that keeps a query to it and to the
// institution (and department) it is about. Days are UTC days, both ends
// included (decision 037).
import { sql, type SQL } from 'drizzle-orm';
import { fiscalYearOf } from '@grantbridge/contract/admin';

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

/** `column` (a timestamptz) falls on a day of the period. */
export function within(column: SQL, period: { from: string; to: string }): SQL {
  return sql`(${column} >= (${period.from}::date)::timestamp AT TIME ZONE 'UTC' AND ${column} < (${period.to}::date + 1)::timestamp AT TIME ZONE 'UTC')`;
}

/** `u` (the PI or the researcher) belongs to the scope. */
export function inScope(scope: Scope, alias = 'u'): SQL {
  const u = sql.raw(alias);
  return scope.department === null
    ? sql`${u}.institution_id = ${scope.institutionId}`
    : sql`(${u}.institution_id = ${scope.institutionId} AND ${u}.department = ${scope.department})`;
}

/**
 * The application `a` is led in the scope, by the report keys the database
 * keeps on it from its PI (decision 038): no join with the people table.
 */
export function ledInScope(scope: Scope, alias = 'a'): SQL {
  const a = sql.raw(alias);
  return scope.department === null
    ? sql`${a}.pi_institution_id = ${scope.institutionId}`
    : sql`(${a}.pi_institution_id = ${scope.institutionId} AND ${a}.pi_department = ${scope.department})`;
}

/** The saved grant `s` was saved by an active person of the scope, by the report keys kept on it (decision 038). */
export function savedInScope(scope: Scope, alias = 's'): SQL {
  const s = sql.raw(alias);
  return scope.department === null
    ? sql`(${s}.saver_institution_id = ${scope.institutionId} AND ${s}.saver_active)`
    : sql`(${s}.saver_institution_id = ${scope.institutionId} AND ${s}.saver_active AND ${s}.saver_department = ${scope.department})`;
}

/** `a, b, c` as parameters, for `IN (…)`. */
export const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

export const appliedStatuses = ['submitted', 'under_review'] as const;
export const inProgressStatuses = ['drafting', 'internal_review', 'submitted', 'under_review'] as const;

export function isoDay(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value.toISOString() : new Date(value).toISOString()).slice(0, 10);
}

export function isoTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
