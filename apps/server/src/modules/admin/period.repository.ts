// SQL that keeps a report's query to its period and to the institution (and
// department) it is about (period.ts). Days are UTC days, both ends included
// (decision 037).
import { sql, type SQL } from 'drizzle-orm';
import type { Scope } from './period';

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
