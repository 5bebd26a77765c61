// SQL for researcher profiles.
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { researcherProfiles, users } from '../../db/schema/users';

export async function findResearcherWithAreas(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      institutionId: users.institutionId,
      researchAreas: researcherProfiles.researchAreas,
      expertise: researcherProfiles.expertise,
    })
    .from(users)
    .leftJoin(researcherProfiles, eq(researcherProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Researchers with a profile outside one institution: collaborator candidates. */
export async function findResearchersOutside(db: Db, institutionId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      title: users.title,
      department: users.department,
      institution: institutions.name,
      researchAreas: researcherProfiles.researchAreas,
      expertise: researcherProfiles.expertise,
      about: researcherProfiles.about,
    })
    .from(users)
    .innerJoin(researcherProfiles, eq(researcherProfiles.userId, users.id))
    .innerJoin(institutions, eq(institutions.id, users.institutionId))
    .where(and(eq(users.role, 'researcher'), ne(users.institutionId, institutionId)));
}
