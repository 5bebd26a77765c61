// Each researcher's activity per fiscal year (researcher_activity_years,
// decision 040) is kept by triggers as applications and saves change. An
// aggregate can still drift if rows change where the triggers cannot see
// (a TRUNCATE, a load with triggers off, a bug): each night one instance
// counts it again from the applications and saved grants and puts right the
// rows that differ, saying how many it changed. Writes to applications and
// saved grants wait for it (about a second per 100,000 applications), so
// nothing changes between the count and the correction.
import { withTransaction, type Db } from '../../db/client';
import { correctResearcherActivityYears, lockApplicationsAndSaves } from './activity-years.repository';

/** Makes researcher_activity_years match a fresh count; returns how many rows it changed. */
export async function reconcileResearcherActivityYears(db: Db): Promise<number> {
  return withTransaction(db, async (tx) => {
    await lockApplicationsAndSaves(tx);
    return correctResearcherActivityYears(tx);
  });
}
