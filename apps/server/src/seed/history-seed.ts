// Two fiscal years of decided applications at the demo university, so the
// research office's dashboard shows meaningful figures on the first start:
// awards from several agencies and departments, declines and withdrawals,
// each with the stage history the pipeline would have written. Generated
// without randomness: the decisions are spread over the two years before
// today (so this fiscal year has its share from its first weeks), each on a
// grant of the pool (closed in the last two years, picked by a hash of their
// opportunity numbers) that closed four to eight months before it; each
// application starts three months before its grant closed. The
// in-progress stages come from the demo applications (pipeline-seed.ts). The
// researchers also get a last sign-in, most within the month.
import { sql } from 'drizzle-orm';
import { queryRows, withTransaction, type Db } from '../db/client';
import { getMeta, setMeta } from '../db/meta';

const demoDomain = 'example.edu';
const adminEmail = 'admin@example.edu';
/** The walkthrough's researcher keeps the small pipeline the guided tour describes (pipeline-seed.ts). */
const leftOut = ['researcher@example.edu'];
const day = 24 * 3600 * 1000;
/** Decided applications per researcher: a dozen over two years, enough for Grant Status to need more than one page. */
const perPerson = 12;

type Outcome = 'awarded' | 'rejected' | 'withdrawn';
/** The outcomes in turn: about a third won, as federal success rates go. */
const outcomes: Outcome[] = ['awarded', 'rejected', 'rejected', 'awarded', 'withdrawn', 'rejected', 'awarded', 'rejected'];

/** The stages an application went through to reach its outcome. */
function stagesTo(outcome: Outcome): string[] {
  if (outcome === 'withdrawn') return ['drafting', 'internal_review', 'drafting', 'withdrawn'];
  return ['drafting', 'internal_review', 'submitted', 'under_review', outcome];
}

export async function loadDemoHistory(db: Db): Promise<boolean> {
  if (!(await getMeta(db, 'demo_applications_at')) || (await getMeta(db, 'demo_history_at'))) return false;
  const people = await queryRows<{ id: string; email: string }>(
    db,
    sql`SELECT id, email FROM users WHERE role = 'researcher' AND status = 'active' AND email LIKE ${`%@${demoDomain}`}
      AND email NOT IN (${sql.join(leftOut.map((e) => sql`${e}`), sql`, `)})
    ORDER BY email`,
  );
  const [office] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${adminEmail}`);
  // Grants that closed in the last two years, of the agencies that fund the most, a few of each, in a fixed
  // order: applied to before they closed, decided some months after.
  const grants = await queryRows<{ id: string; award_ceiling: number | null; close_date: string }>(
    db,
    sql`WITH closed AS (
        SELECT id, agency, award_ceiling, opportunity_number, close_date FROM grants
        WHERE agency IS NOT NULL AND close_date BETWEEN current_date - 800 AND current_date - 130
      ), top AS (
        SELECT agency FROM closed GROUP BY agency ORDER BY count(*) DESC, agency LIMIT 8
      ), ranked AS (
        SELECT c.id, c.opportunity_number, c.award_ceiling::float8 AS award_ceiling, to_char(c.close_date, 'YYYY-MM-DD') AS close_date,
          row_number() OVER (PARTITION BY c.agency ORDER BY md5(c.opportunity_number), c.id) AS n
        FROM closed c JOIN top ON top.agency = c.agency
      )
      SELECT id, award_ceiling, close_date FROM ranked WHERE n <= 12 ORDER BY close_date, md5(opportunity_number)`,
  );
  if (people.length === 0 || grants.length === 0 || !office) return false;
  const now = Date.now();
  const closings = grants.map((g) => Date.parse(`${g.close_date}T12:00:00Z`));
  await withTransaction(db, async (tx) => {
    for (const [i, person] of people.entries()) {
      const used = new Set<number>();
      for (let k = 0; k < perPerson; k += 1) {
        const m = i * perPerson + k;
        const outcome = outcomes[(i + k) % outcomes.length]!;
        const delay = 120 + ((i * 53 + k * 127) % 120);
        // Decided 3 to 723 days ago, on the grant that closed nearest `delay` days before (one of three
        // neighbours, or the next one the person has not applied to): started three months before it closed,
        // submitted just before, decided `delay` days after (a few days ago at the latest).
        const wantedClose = now - (3 + ((m * 389) % 720)) * day - delay * day;
        const nearest = nearestIndex(closings, wantedClose);
        const picked = unusedNear(used, grants.length, nearest + (m % 3) - 1);
        used.add(picked);
        const grant = grants[picked]!;
        const closes = Date.parse(`${grant.close_date}T12:00:00Z`);
        const decidedAt =
          outcome === 'withdrawn' ? new Date(closes - 30 * day) : new Date(Math.min(closes + delay * day, now - 3 * day));
        const stages = stagesTo(outcome);
        const startedAt = new Date(closes - 90 * day);
        // Some listings carry a token ceiling ($1): those get a plausible amount instead.
        const ceiling = grant.award_ceiling && grant.award_ceiling >= 50_000 ? grant.award_ceiling : 250_000 + ((i * 7 + k) % 9) * 50_000;
        const requested = Math.round(Math.min(ceiling, 2_000_000) / 1000) * 1000;
        const awarded = outcome === 'awarded' ? Math.round((requested * (80 + ((i + k) % 21))) / 100_000) * 1000 : null;
        const submitted = stages.includes('submitted') ? new Date(closes - 5 * day) : null;
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`INSERT INTO applications (user_id, grant_id, status, amount_requested, amount_awarded, created_at, updated_at,
            submitted_at, awarded_at)
          VALUES (${person.id}, ${grant.id}, ${outcome}, ${requested}, ${awarded}, ${startedAt}, ${decidedAt},
            ${submitted}, ${outcome === 'awarded' ? decidedAt : null})
          ON CONFLICT DO NOTHING RETURNING id`,
        );
        if (!row) continue;
        for (const [s, to] of stages.entries()) {
          const from = s === 0 ? null : stages[s - 1]!;
          // drafting at the start, internal review a month in, submitted before the close, under review after it.
          const steps = [startedAt.getTime(), startedAt.getTime() + 30 * day, closes - 5 * day, closes + day];
          const at = s === stages.length - 1 ? decidedAt : new Date(outcome === 'withdrawn' ? startedAt.getTime() + s * 20 * day : steps[s]!);
          const byOffice = from === 'internal_review' || from === 'submitted' || from === 'under_review';
          const reason = from === 'internal_review' && to === 'drafting' ? 'The budget justification is missing; the team chose not to go on.' : null;
          await tx.execute(sql`
            INSERT INTO application_events (application_id, actor_id, from_status, to_status, reason, created_at)
            VALUES (${row.id}, ${byOffice ? office.id : person.id}, ${from}, ${to}, ${reason}, ${at})`);
        }
      }
    }
    // The office sees who has been around lately: most signed in within the month, a few longer ago.
    for (const [i, person] of people.entries()) {
      await tx.execute(sql`UPDATE users SET last_sign_in_at = ${new Date(now - (1 + ((i * 9) % 45)) * day)}
        WHERE id = ${person.id} AND last_sign_in_at IS NULL`);
    }
    await setMeta(tx, 'demo_history_at', new Date().toISOString());
  });
  return true;
}

/** The index of the value of the ascending `sorted` nearest to `wanted`. */
function nearestIndex(sorted: number[], wanted: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < wanted) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && wanted - sorted[lo - 1]! < sorted[lo]! - wanted ? lo - 1 : lo;
}

/** The index nearest `wanted` (kept within 0…count-1) that is not in `used`, looking outward alternately. */
function unusedNear(used: Set<number>, count: number, wanted: number): number {
  const start = Math.min(count - 1, Math.max(0, wanted));
  for (let step = 0; step < count * 2; step += 1) {
    const candidate = start + (step % 2 === 0 ? step / 2 : -(step + 1) / 2);
    if (candidate >= 0 && candidate < count && !used.has(candidate)) return candidate;
  }
  return start;
}
