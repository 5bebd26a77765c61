// SQL for a researcher's saved grants and applications (my-grants.ts), and
// who follows a grant through them (the team's accepted members too: a read
// of team's application_members, decision 014).
import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, uuidArray, type Db } from '../../db/client';
import { statusIn } from '../../db/stage-sql';
import { grants } from '../../db/schema/grants';
import { applications, savedGrants } from '../../db/schema/applications';

export async function insertSavedGrant(db: Db, userId: string, grantId: string) {
  await db.insert(savedGrants).values({ userId, grantId }).onConflictDoNothing();
}

export async function deleteSavedGrant(db: Db, userId: string, grantId: string) {
  await db.delete(savedGrants).where(and(eq(savedGrants.userId, userId), eq(savedGrants.grantId, grantId)));
}

export async function isGrantSaved(db: Db, userId: string, grantId: string) {
  const [row] = await db
    .select({ grantId: savedGrants.grantId })
    .from(savedGrants)
    .where(and(eq(savedGrants.userId, userId), eq(savedGrants.grantId, grantId)));
  return !!row;
}

export async function listSavedGrantIds(db: Db, userId: string) {
  const rows = await db
    .select({ grantId: savedGrants.grantId })
    .from(savedGrants)
    .where(eq(savedGrants.userId, userId))
    .orderBy(desc(savedGrants.createdAt));
  return rows.map((r) => r.grantId);
}

const applicationColumns = {
  id: applications.id,
  grantId: applications.grantId,
  grantTitle: grants.title,
  status: applications.status,
  closeDate: sql<string | null>`to_char(${grants.closeDate}, 'YYYY-MM-DD')`,
  createdAt: applications.createdAt,
};

export async function findApplication(db: Db, userId: string, grantId: string) {
  const [row] = await db
    .select(applicationColumns)
    .from(applications)
    .innerJoin(grants, eq(grants.id, applications.grantId))
    .where(and(eq(applications.userId, userId), eq(applications.grantId, grantId)));
  return row;
}

/** Creates the application unless one exists; returns the new one's id, or null. */
export async function insertApplicationOnce(db: Db, userId: string, grantId: string) {
  const inserted = await db
    .insert(applications)
    .values({ userId, grantId, status: 'drafting' })
    .onConflictDoNothing()
    .returning({ id: applications.id });
  return inserted[0]?.id ?? null;
}

/** How many grants each of these people has saved (people with none are absent). */
export async function countSavedGrantsOf(db: Db, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({ userId: savedGrants.userId, n: sql<number>`count(*)::int` })
    .from(savedGrants)
    // One array parameter, however many people.
    .where(sql`${savedGrants.userId} = ANY(${`{${userIds.join(',')}}`}::uuid[])`)
    .groupBy(savedGrants.userId);
}

/** The grants the person has started an application for. */
export async function listApplicationGrantIds(db: Db, userId: string) {
  return db.select({ grantId: applications.grantId }).from(applications).where(eq(applications.userId, userId));
}

/** (grant, person) pairs: who saved each of `grantIds`, and the PI and accepted members of an application on it in progress. */
export async function listGrantFollowers(db: Db, grantIds: string[]) {
  return queryRows<{ grant_id: string; user_id: string }>(
    db,
    sql`SELECT grant_id, user_id FROM saved_grants WHERE grant_id = ANY(${uuidArray(grantIds)})
      UNION SELECT a.grant_id, a.user_id FROM applications a
        WHERE a.grant_id = ANY(${uuidArray(grantIds)}) AND ${statusIn('a.status', 'inProgress')}
      UNION SELECT a.grant_id, m.user_id FROM applications a JOIN application_members m ON m.application_id = a.id AND m.status = 'active'
        WHERE a.grant_id = ANY(${uuidArray(grantIds)}) AND ${statusIn('a.status', 'inProgress')}`,
  );
}
