// SQL for stored lead-form requests.
import type { Db } from '../../db/client';
import { contactRequests, demoRequests } from '../../db/schema/leads';

export async function insertContactRequest(db: Db, row: typeof contactRequests.$inferInsert) {
  const [created] = await db.insert(contactRequests).values(row).returning({ id: contactRequests.id });
  return created!;
}

export async function insertDemoRequest(db: Db, row: typeof demoRequests.$inferInsert) {
  const [created] = await db.insert(demoRequests).values(row).returning({ id: demoRequests.id });
  return created!;
}
