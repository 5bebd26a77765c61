// Demo only: the shipped opportunities are real and mostly past, so the demo
// moves their dates forward by whole years until about a third are open.
import type { Db } from '../../../db/client';
import { grantStatusFor, isOpenStatus, todayIso } from '../grant-status';
import { listGrantStatusDates, shiftGrantDates } from '../grants.repository';

/**
 * Moves grant dates forward by the whole number of years that leaves closest
 * to a third of them open (posted or forecasted) as of `today`; ties go to the
 * smaller shift. A later shift (`previous`) moves only the grants stored or
 * changed since the previous one, by the same number of years, so a re-import
 * never shifts a grant twice and the catalogue keeps one shift.
 * Statuses are recomputed. Returns the years shifted and the shift's time.
 */
export async function shiftDemoGrantDates(
  db: Db,
  today = todayIso(),
  previous: { at: string; years: number } | null = null,
): Promise<{ years: number; shiftedAt: string | null }> {
  if (previous) {
    const shiftedAt = await shiftGrantDates(db, previous.years, today, previous.at);
    return { years: previous.years, shiftedAt };
  }
  const rows = await listGrantStatusDates(db);
  if (rows.length === 0) return { years: 0, shiftedAt: null };
  const openAfter = (years: number) => {
    let open = 0;
    for (const r of rows) {
      const status = grantStatusFor(
        {
          recordKind: r.record_kind,
          closeDate: r.close_date ? addYears(r.close_date, years) : null,
          archiveDate: r.archive_date ? addYears(r.archive_date, years) : null,
        },
        today,
      );
      if (isOpenStatus(status)) open += 1;
    }
    return open / rows.length;
  };
  let best = 0;
  let bestGap = Math.abs(openAfter(0) - 1 / 3);
  for (let years = 1; years <= 30; years++) {
    const gap = Math.abs(openAfter(years) - 1 / 3);
    if (gap < bestGap - 1e-9) {
      best = years;
      bestGap = gap;
    }
  }
  const shiftedAt = await shiftGrantDates(db, best, today);
  return { years: best, shiftedAt };
}

/** The same day `years` later; 29 February moves to 28 February in a non-leap year, as PostgreSQL does. */
export function addYears(iso: string, years: number) {
  const y = Number(iso.slice(0, 4)) + years;
  let rest = iso.slice(4);
  if (rest === '-02-29' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) rest = '-02-28';
  return `${String(y).padStart(4, '0')}${rest}`;
}
