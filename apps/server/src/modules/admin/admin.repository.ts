// SQL for the administrator's view of their institution.
import { asc, eq, and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { researcherProfiles, users } from '../../db/schema/users';

export async function listResearchersOfInstitution(db: Db, institutionId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      title: users.title,
      department: users.department,
      setupComplete: users.setupComplete,
      lastSignInAt: users.lastSignInAt,
      researchAreas: researcherProfiles.researchAreas,
    })
    .from(users)
    .leftJoin(researcherProfiles, eq(researcherProfiles.userId, users.id))
    .where(and(eq(users.institutionId, institutionId), eq(users.role, 'researcher')))
    .orderBy(asc(users.name));
}
