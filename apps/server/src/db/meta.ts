// Small key-value facts about the database itself (what was loaded, when).
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appMeta } from './schema/meta';

export async function getMeta(db: Db, key: string) {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return row?.value;
}

export async function setMeta(db: Db, key: string, value: string) {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

export async function deleteMeta(db: Db, key: string) {
  await db.delete(appMeta).where(eq(appMeta.key, key));
}
