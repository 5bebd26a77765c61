// SQL for researcher profiles.
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { institutions } from '../../db/schema/institutions';
import { researcherProfiles } from '../../db/schema/researchers';

export async function insertResearcherProfile(db: Db, profile: typeof researcherProfiles.$inferInsert) {
  await db.insert(researcherProfiles).values(profile);
}

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

/** The researchers of one institution, by name, with their research areas when they have a profile. */
export async function findResearchersOfInstitution(db: Db, institutionId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      title: users.title,
      department: users.department,
      setupComplete: users.setupComplete,
      lastSignInAt: users.lastSignInAt,
      status: users.status,
      researchAreas: researcherProfiles.researchAreas,
    })
    .from(users)
    .leftJoin(researcherProfiles, eq(researcherProfiles.userId, users.id))
    .where(and(eq(users.institutionId, institutionId), eq(users.role, 'researcher')))
    .orderBy(asc(users.name));
}
