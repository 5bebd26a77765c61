// SQL for the home page's preferences (home_preferences).
import { sql } from 'drizzle-orm';
import type { HomeView } from '@grantbridge/contract/home';
import { queryRows, type Db } from '../../db/client';

/** The view a person chose for their home, or undefined when never chosen. */
export async function findHomeView(db: Db, userId: string): Promise<HomeView | undefined> {
  const [row] = await queryRows<{ view: HomeView }>(db, sql`SELECT view FROM home_preferences WHERE user_id = ${userId}`);
  return row?.view;
}

/** Stores the view a person chose for their home. */
export async function upsertHomeView(db: Db, userId: string, view: HomeView) {
  await queryRows(
    db,
    sql`INSERT INTO home_preferences (user_id, view) VALUES (${userId}, ${view})
      ON CONFLICT (user_id) DO UPDATE SET view = excluded.view, updated_at = now()`,
  );
}
