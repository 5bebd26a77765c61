// SQL for researcher profiles.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
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

/** A researcher's (`u`) 20 latest publication titles as one text: what their work is about, in their words. */
const recentPublicationTitles = sql`(SELECT string_agg(title, ' ') FROM (SELECT title FROM publications
  WHERE user_id = u.id ORDER BY year DESC NULLS LAST LIMIT 20) t)`;

/** Researchers with a profile outside one institution: collaborator candidates. */
/** Active researchers of every other institution, with their profiles (collaborator candidates). */
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
    .where(and(eq(users.role, 'researcher'), eq(users.status, 'active'), ne(users.institutionId, institutionId)));
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

/** Every active researcher with a profile, with institution and publication titles: recommendation candidates. */
export async function findRecommendationCandidates(db: Db) {
  return queryRows<{
    id: string;
    name: string;
    title: string | null;
    institution: string;
    research_areas: string[];
    expertise: string[];
    research_summary: string | null;
    publication_titles: string | null;
    institution_id: string;
    publication_authors: string | null;
  }>(
    db,
    sql`SELECT u.id, u.name, u.title, i.name AS institution, u.institution_id, p.research_areas, p.expertise, p.research_summary,
        ${recentPublicationTitles}
          AS publication_titles,
        (SELECT string_agg(authors, '; ') FROM publications WHERE user_id = u.id AND authors IS NOT NULL) AS publication_authors
      FROM users u
      JOIN institutions i ON i.id = u.institution_id
      JOIN researcher_profiles p ON p.user_id = u.id
      WHERE u.role = 'researcher' AND u.status = 'active'`,
  );
}

/** What a researcher's suggestions are ranked by: areas, expertise, summary and recent publication titles. */
export async function findMatchingProfile(db: Db, userId: string) {
  const [row] = await queryRows<{
    research_areas: string[] | null;
    expertise: string[] | null;
    research_summary: string | null;
    publication_titles: string | null;
  }>(
    db,
    sql`SELECT p.research_areas, p.expertise, p.research_summary,
        ${recentPublicationTitles}
          AS publication_titles
      FROM users u
      LEFT JOIN researcher_profiles p ON p.user_id = u.id
      WHERE u.id = ${userId}`,
  );
  return row;
}
