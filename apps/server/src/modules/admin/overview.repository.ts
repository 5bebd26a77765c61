// SQL for the research office's dashboard: awards of the period by agency
// and department, the pending and active counts, the open opportunities that
// fit the institution's researchers, the timeline and each researcher's
// activity. Reads the pipeline's, people's and catalogue's tables (decision
// 014's exceptions, reasons in decision 037).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { statusIn } from '../../db/stage-sql';
import { openGrantsFittingGroup } from '../grants/grants.service';
import { wholeFiscalYears, type Period, type Scope } from './period';
import { inScope, ledInScope, list, within } from './period.repository';


export type AwardSliceRow = { agency: string; department: string; amount: number; awards: number };

/** Awards of the period (by the day they were won), summed per agency and department. */
export async function awardSlices(db: Db, scope: Scope, period: Period) {
  return queryRows<AwardSliceRow>(
    db,
    sql`SELECT coalesce(a.grant_agency, 'Unknown agency') AS agency, coalesce(a.pi_department, 'No department') AS department,
      coalesce(sum(a.amount_awarded), 0)::float8 AS amount, count(*)::int AS awards
    FROM applications a
    WHERE ${ledInScope(scope)} AND a.status = 'awarded' AND ${within(sql`a.awarded_at`, period)}
    GROUP BY 1, 2`,
  );
}

/** Applications in internal review now, and submitted or under the sponsor's review now. */
export async function pendingCounts(db: Db, scope: Scope) {
  const [row] = await queryRows<{ pending_review: number; applied: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE a.status = 'internal_review')::int AS pending_review,
      count(*) FILTER (WHERE ${statusIn('a.status', 'applied')})::int AS applied
    FROM applications a
    WHERE ${ledInScope(scope)} AND ${statusIn('a.status', 'pending')}`,
  );
  return { pendingReview: row?.pending_review ?? 0, applied: row?.applied ?? 0 };
}

/** Active researchers, and those of them who signed in within 30 days of `now`. */
export async function researcherCounts(db: Db, scope: Scope, now: Date) {
  const [row] = await queryRows<{ total: number; active: number }>(
    db,
    sql`SELECT count(*)::int AS total,
      count(*) FILTER (WHERE u.last_sign_in_at >= ${now.toISOString()}::timestamptz - interval '30 days')::int AS active
    FROM users u
    WHERE ${inScope(scope)} AND u.role = 'researcher' AND u.status = 'active'`,
  );
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

export type OpportunityRow = {
  id: string;
  title: string;
  agency: string | null;
  close_date: string | null;
  researchers: number;
};

/**
 * Open grants that fit a group of active researchers (given as their sets of
 * research areas), by the rule each person's own count in the directory
 * follows (grants/open-opportunities.ts): how many there are, and the
 * `limit` that fit the most researchers.
 */
export async function openOpportunities(db: Db, people: { areas: string[]; count: number }[], now: Date, limit: number) {
  const fitting = await openGrantsFittingGroup(db, people, now);
  const ranked = fitting
    .sort((a, b) => b.people - a.people || (a.closeDate ?? '9999').localeCompare(b.closeDate ?? '9999') || a.id.localeCompare(b.id))
    .slice(0, limit);
  // Titles for the few shown only.
  const details = new Map(
    (ranked.length
      ? await queryRows<{ id: string; title: string; agency: string | null }>(
          db,
          // A record without an agency name still has its code (Grants.gov's "HHS-CDC"): say that rather than nothing.
          sql`SELECT id, title, coalesce(agency, agency_code) AS agency FROM grants WHERE id IN (${list(ranked.map((r) => r.id))})`,
        )
      : []
    ).map((g) => [g.id, g]),
  );
  const top: OpportunityRow[] = ranked.map((r) => ({
    id: r.id,
    title: details.get(r.id)?.title ?? '',
    agency: details.get(r.id)?.agency ?? null,
    close_date: r.closeDate,
    researchers: r.people,
  }));
  return { total: fitting.length, top };
}

export type DepartmentAreaSet = { department: string | null; areas: string[]; count: number };

/**
 * The distinct pairs of department and research areas of an institution's
 * active researchers, with how many have each: one read serves the whole
 * institution's open opportunities and every department's.
 */
export async function departmentAreaSets(db: Db, institutionId: string): Promise<DepartmentAreaSet[]> {
  const [row] = await queryRows<{ sets: [string | null, string[], number][] | null }>(
    db,
    sql`SELECT json_agg(json_build_array(s.department, s.research_areas, s.n)) AS sets FROM (
      SELECT u.department, p.research_areas, count(*)::int AS n FROM researcher_profiles p JOIN users u ON u.id = p.user_id
      WHERE u.institution_id = ${institutionId} AND u.role = 'researcher' AND u.status = 'active' AND cardinality(p.research_areas) > 0
      GROUP BY u.department, p.research_areas) s`,
  );
  return (row?.sets ?? []).map(([department, areas, count]) => ({ department, areas, count }));
}

/**
 * The distinct sets of research areas of the active researchers `who` picks
 * (a condition on `u`), with how many have each: one JSON row, since people
 * of a department tend to share areas and a few hundred sets cost less to
 * carry than thousands of rows.
 */
export async function areaSets(db: Db, who: SQL) {
  const [row] = await queryRows<{ sets: [string[], number][] | null }>(
    db,
    sql`SELECT json_agg(json_build_array(s.research_areas, s.n)) AS sets FROM (
      SELECT p.research_areas, count(*)::int AS n FROM researcher_profiles p JOIN users u ON u.id = p.user_id
      WHERE ${who} AND u.role = 'researcher' AND u.status = 'active' AND cardinality(p.research_areas) > 0
      GROUP BY p.research_areas) s`,
  );
  return (row?.sets ?? []).map(([areas, count]) => ({ areas, count }));
}

export type TimelineRow = {
  id: string;
  grant_title: string;
  pi_id: string;
  pi_name: string;
  pi_department: string | null;
  status: string;
  created_at: Date | string;
  submitted_at: Date | string | null;
  awarded_at: Date | string | null;
  internal_deadline: string | null;
  close_date: string | null;
  lead_days: number;
  amount: number | null;
};

/** Applications in progress and the period's awards, soonest sponsor deadline first. */
export async function timeline(db: Db, scope: Scope, period: Period, limit: number) {
  return queryRows<TimelineRow>(
    db,
    // The first `limit` in progress and of the period's awards, each picked from its index alone; then
    // the applications, people, grants and institution of the `limit` kept.
    sql`WITH picked AS (
      (SELECT a.id, a.status, a.grant_close_date FROM applications a WHERE ${ledInScope(scope)} AND ${statusIn('a.status', 'inProgress')}
        ORDER BY a.grant_close_date ASC NULLS LAST, a.id LIMIT ${limit})
      UNION ALL
      (SELECT a.id, a.status, a.grant_close_date FROM applications a
        WHERE ${ledInScope(scope)} AND a.status = 'awarded' AND ${within(sql`a.awarded_at`, period)}
        ORDER BY a.grant_close_date ASC NULLS LAST, a.id LIMIT ${limit})
    )
    SELECT a.id, g.title AS grant_title, u.id AS pi_id, u.name AS pi_name, u.department AS pi_department, a.status,
      a.created_at, a.submitted_at, a.awarded_at, to_char(a.internal_deadline, 'YYYY-MM-DD') AS internal_deadline,
      to_char(g.close_date, 'YYYY-MM-DD') AS close_date, i.internal_deadline_business_days AS lead_days,
      coalesce(a.amount_awarded, a.amount_requested)::float8 AS amount
    FROM (SELECT * FROM picked ORDER BY (status = 'awarded'), grant_close_date ASC NULLS LAST, id LIMIT ${limit}) p
    JOIN applications a ON a.id = p.id
    JOIN users u ON u.id = a.user_id
    JOIN institutions i ON i.id = u.institution_id
    JOIN grants g ON g.id = a.grant_id
    ORDER BY (a.status = 'awarded'), g.close_date ASC NULLS LAST, a.id`,
  );
}

export type ActivityRow = {
  id: string;
  name: string;
  department: string | null;
  last_sign_in_at: Date | string | null;
  saved: number;
  started: number;
  submitted: number;
  awarded: number;
  total: number;
};

/**
 * Each active researcher's period: grants saved, applications started,
 * submitted and won; most active first. A run of whole fiscal years (the
 * dashboard's default) is read from the yearly counts the database keeps
 * (decision 040); any other period is counted on read from the same facts
 * (decision 049).
 */
export function professorActivity(db: Db, scope: Scope, period: Period, limit: number) {
  const years = wholeFiscalYears(period);
  return years ? professorActivityByYears(db, scope, years, limit) : professorActivityOnRead(db, scope, period, limit);
}

const activePeople = (scope: Scope) => sql`SELECT u.id, u.name, u.department, u.last_sign_in_at FROM users u
  WHERE ${inScope(scope)} AND u.role = 'researcher' AND u.status = 'active'`;

const activityOrder = sql`ORDER BY awarded DESC, submitted DESC, started DESC, saved DESC, people.last_sign_in_at DESC NULLS LAST, people.name, people.id`;

/** The same as professorActivity over fiscal years `first` to `last`, from researcher_activity_years. */
export async function professorActivityByYears(db: Db, scope: Scope, [first, last]: [number, number], limit: number) {
  return queryRows<ActivityRow>(
    db,
    sql`WITH people AS (${activePeople(scope)}), years AS (
        SELECT r.user_id, sum(r.started)::int AS started, sum(r.submitted)::int AS submitted, sum(r.awarded)::int AS awarded,
          sum(r.saved)::int AS saved
        FROM researcher_activity_years r JOIN people ON people.id = r.user_id -- this institution's rows only, however many share the table
        WHERE r.fiscal_year BETWEEN ${first} AND ${last}
        GROUP BY r.user_id
      )
      SELECT people.id, people.name, people.department, people.last_sign_in_at,
        coalesce(years.saved, 0) AS saved, coalesce(years.started, 0) AS started,
        coalesce(years.submitted, 0) AS submitted, coalesce(years.awarded, 0) AS awarded,
        count(*) OVER ()::int AS total
      FROM people LEFT JOIN years ON years.user_id = people.id
      ${activityOrder}
      LIMIT ${limit}`,
  );
}

/**
 * The same as professorActivity over any period, counted from the facts the
 * database states once (researcher_activity_facts, decision 049): the
 * planner inlines it, so the scope and the period reach the indexes by day
 * started, submitted and won (each holds the PI and department).
 */
export async function professorActivityOnRead(db: Db, scope: Scope, period: Period, limit: number) {
  return queryRows<ActivityRow>(
    db,
    sql`WITH people AS (${activePeople(scope)}), counted AS (
        SELECT f.user_id, sum(f.started)::int AS started, sum(f.submitted)::int AS submitted, sum(f.awarded)::int AS awarded,
          sum(f.saved)::int AS saved
        FROM researcher_activity_facts() f
        WHERE ${inScope(scope, 'f')} AND ${within(sql`f.at`, period)}
        GROUP BY f.user_id
      )
      SELECT people.id, people.name, people.department, people.last_sign_in_at,
        coalesce(counted.saved, 0) AS saved, coalesce(counted.started, 0) AS started,
        coalesce(counted.submitted, 0) AS submitted, coalesce(counted.awarded, 0) AS awarded,
        count(*) OVER ()::int AS total
      FROM people LEFT JOIN counted ON counted.user_id = people.id
      ${activityOrder}
      LIMIT ${limit}`,
  );
}

/** The departments of the institution's people, for the filter. */
export async function departments(db: Db, institutionId: string) {
  const rows = await queryRows<{ department: string }>(
    db,
    sql`SELECT DISTINCT department FROM users
    WHERE institution_id = ${institutionId} AND role = 'researcher' AND department IS NOT NULL AND department <> ''
    ORDER BY department`,
  );
  return rows.map((r) => r.department);
}
