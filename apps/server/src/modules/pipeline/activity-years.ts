// Each researcher's activity per fiscal year (researcher_activity_years,
// decision 040) is kept by triggers as applications and saves change. An
// aggregate can still drift if rows change where the triggers cannot see
// (a TRUNCATE, a load with triggers off, a bug): each night one instance
// counts it again from the applications and saved grants and puts right the
// rows that differ, saying how many it changed. Writes to applications and
// saved grants wait for it (about a second per 100,000 applications), so
// nothing changes between the count and the correction.
import { sql } from 'drizzle-orm';
import { queryRows, withTransaction, type Db } from '../../db/client';

/** Makes researcher_activity_years match a fresh count; returns how many rows it changed. */
export async function reconcileResearcherActivityYears(db: Db): Promise<number> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`LOCK TABLE applications, saved_grants IN SHARE MODE`);
    const [row] = await queryRows<{ changed: number }>(
      tx,
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
  });
}
