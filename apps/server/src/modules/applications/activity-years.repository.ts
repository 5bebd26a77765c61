// SQL for the nightly check of each researcher's yearly activity counts
// (activity-years.ts, decisions 040 and 049): a lock that holds writes to
// applications and saves, and the correction from a fresh count.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** Holds writes to applications and saved grants until the transaction `tx` ends. */
export async function lockApplicationsAndSaves(tx: Db) {
  await tx.execute(sql`LOCK TABLE applications, saved_grants IN SHARE MODE`);
}

/** Puts right the researcher_activity_years rows that differ from a fresh count; returns how many it changed. */
export async function correctResearcherActivityYears(db: Db): Promise<number> {
  const [row] = await queryRows<{ changed: number }>(
    db,
    sql`WITH counted AS (SELECT * FROM researcher_activity_years_counted()),
      corrected AS (
        INSERT INTO researcher_activity_years AS r (user_id, fiscal_year, started, submitted, awarded, saved)
        SELECT user_id, fiscal_year, started, submitted, awarded, saved FROM counted
        ON CONFLICT (fiscal_year, user_id) DO UPDATE SET started = EXCLUDED.started, submitted = EXCLUDED.submitted,
          awarded = EXCLUDED.awarded, saved = EXCLUDED.saved
        WHERE (r.started, r.submitted, r.awarded, r.saved) IS DISTINCT FROM (EXCLUDED.started, EXCLUDED.submitted, EXCLUDED.awarded, EXCLUDED.saved)
        RETURNING 1
      ),
      -- Rows nothing counts any more (all zero when kept right): gone.
      dropped AS (
        DELETE FROM researcher_activity_years r
        WHERE NOT EXISTS (SELECT 1 FROM counted c WHERE c.user_id = r.user_id AND c.fiscal_year = r.fiscal_year)
        RETURNING (r.started, r.submitted, r.awarded, r.saved) <> (0, 0, 0, 0) AS wrong
      )
      SELECT ((SELECT count(*) FROM corrected) + (SELECT count(*) FROM dropped WHERE wrong))::int AS changed`,
  );
  return row?.changed ?? 0;
}
