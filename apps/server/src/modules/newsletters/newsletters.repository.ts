// SQL over the newsletters module's own tables (db/schema/newsletters.ts).
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { NewsletterGrant } from '@grantbridge/contract/newsletters';
import { queryRows, type Db } from '../../db/client';
import { newsletterClicks, newsletterRecipients, newsletters, newsletterUnsubscribes } from '../../db/schema/newsletters';

export type NewsletterRow = typeof newsletters.$inferSelect;
export type NewNewsletterRow = typeof newsletters.$inferInsert;

/** Each newsletter's grant opens, by id. */
async function clickCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: newsletterRecipients.newsletterId, clicks: sql<number>`count(*)::int` })
    .from(newsletterClicks)
    .innerJoin(newsletterRecipients, eq(newsletterRecipients.id, newsletterClicks.recipientId))
    .where(inArray(newsletterRecipients.newsletterId, ids))
    .groupBy(newsletterRecipients.newsletterId);
  return new Map(rows.map((r) => [r.id, r.clicks]));
}

export type NewsletterWithClicks = NewsletterRow & { clicks: number };

export async function findNewslettersOf(db: Db, institutionId: string): Promise<NewsletterWithClicks[]> {
  const rows = await db
    .select()
    .from(newsletters)
    .where(eq(newsletters.institutionId, institutionId))
    .orderBy(desc(newsletters.createdAt))
    .limit(200);
  const clicks = await clickCounts(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, clicks: clicks.get(r.id) ?? 0 }));
}

export async function findNewsletter(db: Db, id: string): Promise<NewsletterWithClicks | undefined> {
  const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id));
  if (!row) return undefined;
  return { ...row, clicks: (await clickCounts(db, [id])).get(id) ?? 0 };
}

export async function insertNewsletter(db: Db, values: NewNewsletterRow) {
  const [row] = await db.insert(newsletters).values(values).returning();
  return row!;
}

/** Changes a newsletter not yet sent; undefined when it was sent meanwhile. */
export async function updateUnsentNewsletter(db: Db, id: string, changes: Partial<NewNewsletterRow>) {
  const [row] = await db
    .update(newsletters)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, ['draft', 'scheduled'])))
    .returning();
  return row;
}

/**
 * Marks it sent, only if nobody has: the row lock makes a second sender (a
 * second instance, a double click) wait, then find it sent and change nothing.
 */
export async function markNewsletterSent(
  db: Db,
  id: string,
  from: ('draft' | 'scheduled')[],
  at: Date,
  grants: NewsletterGrant[],
  recipients: number,
) {
  const [row] = await db
    .update(newsletters)
    .set({ status: 'sent', sentAt: at, sentGrants: grants, recipientCount: recipients, scheduledAt: null, updatedAt: at })
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, from)))
    .returning();
  return row;
}

/** Scheduled newsletters whose time has come, oldest first. */
export async function findDueNewsletters(db: Db, now: Date) {
  return db
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(and(eq(newsletters.status, 'scheduled'), lte(newsletters.scheduledAt, now)))
    .orderBy(newsletters.scheduledAt)
    .limit(20);
}

export async function insertRecipients(db: Db, rows: { newsletterId: string; userId: string; tokenHash: string }[]) {
  if (rows.length) await db.insert(newsletterRecipients).values(rows);
}

export async function findRecipientByToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: newsletterRecipients.id, userId: newsletterRecipients.userId, newsletterId: newsletterRecipients.newsletterId, institutionId: newsletters.institutionId, sentGrants: newsletters.sentGrants })
    .from(newsletterRecipients)
    .innerJoin(newsletters, eq(newsletters.id, newsletterRecipients.newsletterId))
    .where(eq(newsletterRecipients.tokenHash, tokenHash));
  return row;
}

export async function findRecipient(db: Db, newsletterId: string, userId: string) {
  const [row] = await db
    .select({ id: newsletterRecipients.id })
    .from(newsletterRecipients)
    .where(and(eq(newsletterRecipients.newsletterId, newsletterId), eq(newsletterRecipients.userId, userId)));
  return row;
}

export async function insertClick(db: Db, recipientId: string, grantId: string, channel: 'email' | 'app', at = new Date()) {
  await db.insert(newsletterClicks).values({ recipientId, grantId, channel, clickedAt: at });
}

/** The newsletters sent to a person, newest first. */
export async function findReceivedNewsletters(db: Db, userId: string) {
  return db
    .select({ id: newsletters.id, title: newsletters.title, intro: newsletters.intro, sentAt: newsletters.sentAt, sentGrants: newsletters.sentGrants })
    .from(newsletterRecipients)
    .innerJoin(newsletters, eq(newsletters.id, newsletterRecipients.newsletterId))
    .where(and(eq(newsletterRecipients.userId, userId), eq(newsletters.status, 'sent')))
    .orderBy(desc(newsletters.sentAt))
    .limit(100);
}

export async function findUnsubscribedUsers(db: Db, institutionId: string): Promise<Set<string>> {
  const rows = await db
    .select({ userId: newsletterUnsubscribes.userId })
    .from(newsletterUnsubscribes)
    .where(eq(newsletterUnsubscribes.institutionId, institutionId));
  return new Set(rows.map((r) => r.userId));
}

export async function setUnsubscribed(db: Db, userId: string, institutionId: string, unsubscribed: boolean) {
  if (unsubscribed) {
    await db.insert(newsletterUnsubscribes).values({ userId, institutionId }).onConflictDoNothing();
  } else {
    await db
      .delete(newsletterUnsubscribes)
      .where(and(eq(newsletterUnsubscribes.userId, userId), eq(newsletterUnsubscribes.institutionId, institutionId)));
  }
}

/** A sent newsletter's counts: opens per grant, by how many people, and how many of its recipients unsubscribed since. */
export async function findNewsletterCounts(db: Db, id: string, institutionId: string) {
  const perGrant = await queryRows<{ grant_id: string; clicks: number; people: number }>(
    db,
    sql`SELECT c.grant_id, count(*)::int AS clicks, count(DISTINCT r.user_id)::int AS people
      FROM newsletter_clicks c JOIN newsletter_recipients r ON r.id = c.recipient_id
      WHERE r.newsletter_id = ${id} GROUP BY c.grant_id`,
  );
  const [totals] = await queryRows<{ clicks: number; people: number; unsubscribed: number }>(
    db,
    sql`SELECT
        (SELECT count(*)::int FROM newsletter_clicks c JOIN newsletter_recipients r ON r.id = c.recipient_id WHERE r.newsletter_id = ${id}) AS clicks,
        (SELECT count(DISTINCT r.user_id)::int FROM newsletter_clicks c JOIN newsletter_recipients r ON r.id = c.recipient_id WHERE r.newsletter_id = ${id}) AS people,
        (SELECT count(*)::int FROM newsletter_recipients r JOIN newsletter_unsubscribes u ON u.user_id = r.user_id AND u.institution_id = ${institutionId}
          WHERE r.newsletter_id = ${id}) AS unsubscribed`,
  );
  return { perGrant, totals: totals! };
}
