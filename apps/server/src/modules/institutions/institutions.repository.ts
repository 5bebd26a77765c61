// SQL for the institutions table.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';

export type InstitutionRow = typeof institutions.$inferSelect;
export type NewInstitution = typeof institutions.$inferInsert;

export async function findInstitutionByDomains(db: Db, domains: string[]) {
  const domainArray = sql`ARRAY[${sql.join(
    domains.map((d) => sql`${d}`),
    sql`, `,
  )}]::text[]`;
  const rows = await db
    .select()
    .from(institutions)
    .where(sql`${institutions.domains} && ${domainArray}`);
  return rows;
}

export async function findInstitutionById(db: Db, id: string) {
  const [row] = await db.select().from(institutions).where(eq(institutions.id, id));
  return row;
}

export async function findInstitutionByName(db: Db, name: string) {
  const [row] = await db
    .select()
    .from(institutions)
    .where(eq(institutions.nameKey, name.toLowerCase()));
  return row;
}

export async function searchInstitutionRows(db: Db, words: string[], whole: string, limit: number) {
  const conditions = words.map((w) => sql`${institutions.searchText} LIKE ${'%' + w + '%'}`);
  const wordMatch = conditions.length ? sql.join(conditions, sql` AND `) : sql`true`;
  const abbreviationHit = whole ? sql`${whole} = ANY(${institutions.abbreviations})` : sql`false`;
  const rank = whole
    ? sql`CASE
        WHEN ${abbreviationHit} THEN 0
        WHEN lower(${institutions.name}) = ${whole} THEN 1
        WHEN lower(${institutions.name}) LIKE ${whole + '%'} THEN 2
        WHEN lower(${institutions.name}) LIKE ${'% ' + whole + '%'} THEN 3
        ELSE 4 END`
    : undefined;
  return db
    .select({
      id: institutions.id,
      name: institutions.name,
      state: institutions.state,
      domains: institutions.domains,
    })
    .from(institutions)
    .where(and(sql`(${wordMatch}) OR ${abbreviationHit}`, eq(institutions.isDemo, false)))
    .orderBy(...(rank ? [rank] : []), asc(institutions.nameKey))
    .limit(limit);
}

export async function upsertInstitutions(db: Db, rows: NewInstitution[]) {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db
      .insert(institutions)
      .values(chunk)
      .onConflictDoUpdate({
        target: institutions.nameKey,
        set: {
          domains: sql`excluded.domains`,
          webPages: sql`excluded.web_pages`,
          state: sql`excluded.state`,
          searchText: sql`excluded.search_text`,
          abbreviations: sql`excluded.abbreviations`,
        },
      });
  }
}

export async function insertInstitution(db: Db, row: NewInstitution) {
  const [created] = await db.insert(institutions).values(row).returning();
  return created;
}

export async function setInstitutionOnboarded(db: Db, id: string, onboarded: boolean) {
  await db.update(institutions).set({ onboarded }).where(eq(institutions.id, id));
}

export async function countInstitutions(db: Db) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(institutions)
    .where(eq(institutions.isDemo, false));
  return row?.n ?? 0;
}

/** The research office's pipeline settings of one institution. */
export async function findPipelineSettings(db: Db, institutionId: string) {
  const [row] = await db
    .select({ id: institutions.id, name: institutions.name, leadDays: institutions.internalDeadlineBusinessDays })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return row;
}

export async function updateInternalDeadlineLeadTime(db: Db, institutionId: string, days: number) {
  await db.update(institutions).set({ internalDeadlineBusinessDays: days }).where(eq(institutions.id, institutionId));
}

/** Whether the institution's people may sign in with a password (decision 057). */
export async function updatePasswordSignIn(db: Db, institutionId: string, allowed: boolean) {
  await db.update(institutions).set({ passwordSignIn: allowed }).where(eq(institutions.id, institutionId));
}
