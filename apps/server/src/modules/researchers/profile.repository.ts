// SQL for a profile as a whole: the account's fields with its institution,
// the profile row, and what it lists (publications, education, projects).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { institutions } from '../../db/schema/institutions';
import { avatars, education, projects, publications, researcherProfiles } from '../../db/schema/researchers';

export async function findProfileRow(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      status: users.status,
      title: users.title,
      department: users.department,
      phone: users.phone,
      office: users.office,
      setupComplete: users.setupComplete,
      institutionId: institutions.id,
      institutionName: institutions.name,
      about: researcherProfiles.about,
      researchSummary: researcherProfiles.researchSummary,
      location: researcherProfiles.location,
      researchAreas: researcherProfiles.researchAreas,
      expertise: researcherProfiles.expertise,
      orcid: researcherProfiles.orcid,
      avatarUrl: users.avatarUrl,
    })
    .from(users)
    .innerJoin(institutions, eq(institutions.id, users.institutionId))
    .leftJoin(researcherProfiles, eq(researcherProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export type ProfileFields = Partial<
  Pick<
    typeof researcherProfiles.$inferInsert,
    'about' | 'researchSummary' | 'location' | 'researchAreas' | 'expertise' | 'orcid'
  >
>;

export async function upsertProfileFields(db: Db, userId: string, fields: ProfileFields) {
  if (Object.keys(fields).length === 0) return;
  await db
    .insert(researcherProfiles)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: researcherProfiles.userId, set: { ...fields, updatedAt: new Date() } });
}

export async function listProfileItems(db: Db, userId: string) {
  // One after the other: `db` may be a transaction, one connection (the demo seed reads profiles inside one).
  const pubs = await db
    .select()
    .from(publications)
    .where(eq(publications.userId, userId))
    .orderBy(sql`${publications.year} DESC NULLS LAST`, desc(publications.createdAt));
  const edu = await db
    .select()
    .from(education)
    .where(eq(education.userId, userId))
    .orderBy(sql`${education.year} DESC NULLS LAST`, asc(education.degree));
  const proj = await db.select().from(projects).where(eq(projects.userId, userId)).orderBy(asc(projects.title));
  return { publications: pubs, education: edu, projects: proj };
}

export const itemTables = { publications, education, projects } as const;
export type ItemKind = keyof typeof itemTables;

export async function insertPublication(db: Db, row: typeof publications.$inferInsert) {
  const [inserted] = await db.insert(publications).values(row).returning();
  return inserted!;
}
export async function insertEducation(db: Db, row: typeof education.$inferInsert) {
  const [inserted] = await db.insert(education).values(row).returning();
  return inserted!;
}
export async function insertProject(db: Db, row: typeof projects.$inferInsert) {
  const [inserted] = await db.insert(projects).values(row).returning();
  return inserted!;
}

/** Changes one of the person's items; undefined when it is not theirs (or not there). */
export async function updateItem(db: Db, kind: ItemKind, userId: string, id: string, change: Record<string, unknown>) {
  const table = itemTables[kind];
  if (Object.keys(change).length === 0) {
    const [row] = await db.select().from(table).where(and(eq(table.id, id), eq(table.userId, userId)));
    return row;
  }
  const [row] = await db
    .update(table)
    .set(change)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .returning();
  return row;
}

export async function deleteItem(db: Db, kind: ItemKind, userId: string, id: string) {
  const table = itemTables[kind];
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .returning({ id: table.id });
  return rows.length > 0;
}

export async function upsertAvatarRow(db: Db, row: typeof avatars.$inferInsert) {
  await db
    .insert(avatars)
    .values(row)
    .onConflictDoUpdate({
      target: avatars.userId,
      set: { image: row.image, contentType: row.contentType, updatedAt: row.updatedAt },
    });
}

export async function deleteAvatarRow(db: Db, userId: string) {
  await db.delete(avatars).where(eq(avatars.userId, userId));
}

export async function findAvatarRow(db: Db, userId: string) {
  const [row] = await db.select().from(avatars).where(eq(avatars.userId, userId));
  return row;
}
