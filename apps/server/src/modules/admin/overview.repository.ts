// SQL for the research office's dashboard: awards of the period by agency
// and department, the pending and active counts, the open opportunities that
// fit the institution's researchers, the timeline and each researcher's
// activity. Reads the pipeline's, people's and catalogue's tables (decision
// 014's exceptions, reasons in decision 037).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { inProgressStatuses, inScope, openGrant, within, type Period, type Scope } from './period';

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
/** A text[] parameter, written as PostgreSQL's array literal (quotes and backslashes escaped). */
const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;

export type AwardSliceRow = { agency: string; department: string; amount: number; awards: number };

/** Awards of the period (by the day they were won), summed per agency and department. */
export async function awardSlices(db: Db, scope: Scope, period: Period) {
  return queryRows<AwardSliceRow>(
    db,
    sql`SELECT coalesce(g.agency, 'Unknown agency') AS agency, coalesce(u.department, 'No department') AS department,
      coalesce(sum(a.amount_awarded), 0)::float8 AS amount, count(*)::int AS awards
    FROM applications a
    JOIN users u ON u.id = a.user_id
    JOIN grants g ON g.id = a.grant_id
    WHERE ${inScope(scope)} AND a.status = 'awarded' AND ${within(sql`a.awarded_at`, period)}
    GROUP BY 1, 2`,
  );
}

/** Applications in internal review now, and submitted or under the sponsor's review now. */
export async function pendingCounts(db: Db, scope: Scope) {
  const [row] = await queryRows<{ pending_review: number; applied: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE a.status = 'internal_review')::int AS pending_review,
      count(*) FILTER (WHERE a.status IN ('submitted', 'under_review'))::int AS applied
    FROM applications a JOIN users u ON u.id = a.user_id
    WHERE ${inScope(scope)} AND a.status IN ('internal_review', 'submitted', 'under_review')`,
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
  research_areas: string[];
};

/**
 * Open grants sharing a research area with an active researcher in scope:
 * how many there are, and the `limit` that fit the most researchers. Two
 * reads (the people's areas, the open grants sharing one); the counting is
 * `countFits`, a pure function.
 */
export async function openOpportunities(db: Db, scope: Scope, today: string, limit: number) {
  const people = await areaSets(db, sql`${inScope(scope)}`);
  const areas = [...new Set(people.flatMap((p) => p.areas))];
  if (areas.length === 0) return { total: 0, top: [] as OpportunityRow[] };
  // Only what the counting needs for every fitting grant; titles for the few shown.
  const grants = await queryRows<{ id: string; close_date: string | null; research_areas: string[] }>(
    db,
    sql`SELECT g.id, to_char(g.close_date, 'YYYY-MM-DD') AS close_date, g.research_areas
    FROM grants g WHERE ${openGrant(today)} AND g.research_areas && ${textArray(areas)}`,
  );
  const fits = countFits(people, grants.map((g) => g.research_areas));
  const ranked = grants
    .map((g, i) => ({ id: g.id, close_date: g.close_date, research_areas: g.research_areas, researchers: fits[i]! }))
    .sort((a, b) => b.researchers - a.researchers || (a.close_date ?? '9999').localeCompare(b.close_date ?? '9999') || a.id.localeCompare(b.id))
    .slice(0, limit);
  const details = new Map(
    (ranked.length
      ? await queryRows<{ id: string; title: string; agency: string | null }>(
          db,
          sql`SELECT id, title, agency FROM grants WHERE id IN (${list(ranked.map((r) => r.id))})`,
        )
      : []
    ).map((g) => [g.id, g]),
  );
  const top = ranked.map((r) => ({
    id: r.id,
    title: details.get(r.id)?.title ?? '',
    agency: details.get(r.id)?.agency ?? null,
    close_date: r.close_date,
    researchers: r.researchers,
    research_areas: r.research_areas,
  }));
  return { total: grants.length, top };
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

/**
 * For each grant's areas, how many people have at least one of them. People
 * come as distinct sets of areas with how many have each; the sets are bits in
 * one bitset per area, and a grant's count is the weight of its areas' union,
 * worked out once per distinct set of grant areas.
 */
export function countFits(people: { areas: string[]; count: number }[], grants: string[][]): number[] {
  const words = Math.ceil(people.length / 32);
  const byArea = new Map<string, Uint32Array>();
  people.forEach(({ areas }, i) => {
    for (const area of areas) {
      let bits = byArea.get(area);
      if (!bits) byArea.set(area, (bits = new Uint32Array(words)));
      bits[i >>> 5]! |= 1 << (i & 31);
    }
  });
  const memo = new Map<string, number>();
  const union = new Uint32Array(words);
  return grants.map((areas) => {
    const distinct = [...new Set(areas)].sort();
    const key = distinct.join('\u0000');
    const known = memo.get(key);
    if (known !== undefined) return known;
    union.fill(0);
    for (const area of distinct) {
      const bits = byArea.get(area);
      if (bits) for (let w = 0; w < words; w += 1) union[w]! |= bits[w]!;
    }
    let count = 0;
    for (let w = 0; w < words; w += 1) {
      let v = union[w]!;
      while (v) {
        const low = v & -v;
        count += people[w * 32 + 31 - Math.clz32(low)]!.count;
        v ^= low;
      }
    }
    memo.set(key, count);
    return count;
  });
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
    sql`SELECT a.id, g.title AS grant_title, u.id AS pi_id, u.name AS pi_name, u.department AS pi_department, a.status,
      a.created_at, a.submitted_at, a.awarded_at, to_char(a.internal_deadline, 'YYYY-MM-DD') AS internal_deadline,
      to_char(g.close_date, 'YYYY-MM-DD') AS close_date, i.internal_deadline_business_days AS lead_days,
      coalesce(a.amount_awarded, a.amount_requested)::float8 AS amount
    FROM applications a
    JOIN users u ON u.id = a.user_id
    JOIN institutions i ON i.id = u.institution_id
    JOIN grants g ON g.id = a.grant_id
    WHERE ${inScope(scope)}
      AND (a.status IN (${list(inProgressStatuses)}) OR (a.status = 'awarded' AND ${within(sql`a.awarded_at`, period)}))
    ORDER BY (a.status = 'awarded'), g.close_date ASC NULLS LAST, a.id
    LIMIT ${limit}`,
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

/** Each active researcher's period: grants saved, applications started, submitted and won; most active first. */
export async function professorActivity(db: Db, scope: Scope, period: Period, limit: number, researcherId?: string) {
  return queryRows<ActivityRow>(
    db,
    sql`WITH people AS (
        SELECT u.id, u.name, u.department, u.last_sign_in_at FROM users u
        WHERE ${inScope(scope)} AND u.role = 'researcher' AND u.status = 'active'
          ${researcherId ? sql`AND u.id = ${researcherId}` : sql``}
      ), apps AS (
        SELECT a.user_id,
          count(*) FILTER (WHERE ${within(sql`a.created_at`, period)})::int AS started,
          count(*) FILTER (WHERE ${within(sql`a.submitted_at`, period)})::int AS submitted,
          count(*) FILTER (WHERE a.status = 'awarded' AND ${within(sql`a.awarded_at`, period)})::int AS awarded
        FROM applications a JOIN people ON people.id = a.user_id
        WHERE ${within(sql`a.created_at`, period)} OR ${within(sql`a.submitted_at`, period)}
          OR (a.status = 'awarded' AND ${within(sql`a.awarded_at`, period)})
        GROUP BY a.user_id
      ), saves AS (
        SELECT s.user_id, count(*)::int AS saved FROM saved_grants s JOIN people ON people.id = s.user_id
        WHERE ${within(sql`s.created_at`, period)}
        GROUP BY s.user_id
      )
      SELECT people.id, people.name, people.department, people.last_sign_in_at,
        coalesce(saves.saved, 0) AS saved, coalesce(apps.started, 0) AS started,
        coalesce(apps.submitted, 0) AS submitted, coalesce(apps.awarded, 0) AS awarded,
        count(*) OVER ()::int AS total
      FROM people LEFT JOIN apps ON apps.user_id = people.id LEFT JOIN saves ON saves.user_id = people.id
      ORDER BY awarded DESC, submitted DESC, started DESC, saved DESC, people.last_sign_in_at DESC NULLS LAST, people.name, people.id
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
