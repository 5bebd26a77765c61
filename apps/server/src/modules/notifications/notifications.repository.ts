// The notifications module's queries: its own tables, and users (a person's
// role and institution, for links into the right area and the default time
// zone): docs/decisions/014-module-boundaries.md.
import { sql } from 'drizzle-orm';
import { queryRows, uuidArray, type Db } from '../../db/client';
import { createdKeySql, type Cursor } from '../../lib/keyset-cursor';

export type NotificationRow = {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: Date | string;
  read_at: Date | string | null;
  created_key: string;
};

export type NewNotification = {
  userId: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  dedupeKey: string | null;
  inApp: boolean;
  email: 'instant' | 'daily' | 'weekly' | null;
};

const columns = sql`id, kind, title, body, link, created_at, read_at, ${createdKeySql('created_at')} AS created_key`;

type StoredRow = NotificationRow & { user_id: string; in_app: boolean; email: NewNotification['email'] };
/** Rows per INSERT: a large import's alerts are sent in pieces, so memory stays small. */
const insertChunk = 1000;

/** The rows stored (a dedupe key already used for that person stores nothing). */
export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<StoredRow[]> {
  const stored: StoredRow[] = [];
  for (let i = 0; i < rows.length; i += insertChunk) {
    const chunk = rows.slice(i, i + insertChunk);
    stored.push(
      ...(await queryRows<StoredRow>(
        db,
        sql`INSERT INTO notifications (user_id, kind, title, body, link, dedupe_key, in_app, email)
          SELECT r.user_id, r.kind, r.title, r.body, r.link, r.dedupe_key, r.in_app, r.email
          FROM json_to_recordset(${JSON.stringify(
            chunk.map((r) => ({ user_id: r.userId, kind: r.kind, title: r.title, body: r.body, link: r.link, dedupe_key: r.dedupeKey, in_app: r.inApp, email: r.email })),
          )}::json) AS r(user_id uuid, kind text, title text, body text, link text, dedupe_key text, in_app boolean, email text)
          ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
          RETURNING user_id, in_app, email, ${columns}`,
      )),
    );
  }
  return stored;
}

export async function findNotifications(
  db: Db,
  userId: string,
  filter: { unreadOnly: boolean; cursor: Cursor | null; limit: number },
): Promise<NotificationRow[]> {
  const after = filter.cursor ? sql`AND (created_at, id) < (${filter.cursor.key}::timestamptz, ${filter.cursor.id}::uuid)` : sql``;
  return queryRows(
    db,
    sql`SELECT ${columns} FROM notifications WHERE user_id = ${userId} AND in_app
      ${filter.unreadOnly ? sql`AND read_at IS NULL` : sql``} ${after}
      ORDER BY created_at DESC, id DESC LIMIT ${filter.limit}`,
  );
}

export async function countUnread(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await queryRows<{ user_id: string; n: number }>(
    db,
    sql`SELECT user_id, count(*)::int AS n FROM notifications
      WHERE user_id = ANY(${uuidArray(userIds)}) AND in_app AND read_at IS NULL GROUP BY user_id`,
  );
  return new Map(rows.map((r) => [r.user_id, r.n]));
}

export async function markRead(db: Db, userId: string, ids: string[] | 'all') {
  await queryRows(
    db,
    sql`UPDATE notifications SET read_at = now() WHERE user_id = ${userId} AND read_at IS NULL
      ${ids === 'all' ? sql`` : sql`AND id = ANY(${uuidArray(ids)})`}`,
  );
}

export async function findPreferenceRows(db: Db, userIds: string[]) {
  if (!userIds.length) return [];
  return queryRows<{ user_id: string; kind: string; in_app: boolean; email: 'off' | 'instant' | 'daily' | 'weekly' }>(
    db,
    sql`SELECT user_id, kind, in_app, email FROM notification_preferences WHERE user_id = ANY(${uuidArray(userIds)})`,
  );
}

export async function findSettingsRow(db: Db, userId: string) {
  const [row] = await queryRows<{ digest_hour: number; time_zone: string; reminder_lead_times: string[] }>(
    db,
    sql`SELECT digest_hour, time_zone, reminder_lead_times FROM notification_settings WHERE user_id = ${userId}`,
  );
  return row;
}

export async function savePreferences(
  db: Db,
  userId: string,
  kinds: { kind: string; inApp: boolean; email: string }[],
  settings: { digestHour: number; timeZone: string; leadTimes: string[] },
) {
  await queryRows(
    db,
    sql`INSERT INTO notification_preferences (user_id, kind, in_app, email)
      SELECT ${userId}, r.kind, r.in_app, r.email FROM json_to_recordset(${JSON.stringify(
        kinds.map((k) => ({ kind: k.kind, in_app: k.inApp, email: k.email })),
      )}::json) AS r(kind text, in_app boolean, email text)
      ON CONFLICT (user_id, kind) DO UPDATE SET in_app = excluded.in_app, email = excluded.email`,
  );
  await queryRows(
    db,
    sql`INSERT INTO notification_settings (user_id, digest_hour, time_zone, reminder_lead_times)
      VALUES (${userId}, ${settings.digestHour}, ${settings.timeZone}, ${`{${settings.leadTimes.join(',')}}`}::text[])
      ON CONFLICT (user_id) DO UPDATE SET digest_hour = excluded.digest_hour, time_zone = excluded.time_zone,
        reminder_lead_times = excluded.reminder_lead_times, updated_at = now()`,
  );
}

/** Role and institution state of each person, for links into their area and their default time zone. */
export async function findPeople(db: Db, userIds: string[]) {
  if (!userIds.length) return new Map<string, { role: 'researcher' | 'admin'; state: string | null }>();
  const rows = await queryRows<{ id: string; role: 'researcher' | 'admin'; state: string | null }>(
    db,
    sql`SELECT u.id, u.role, i.state FROM users u JOIN institutions i ON i.id = u.institution_id
      WHERE u.id = ANY(${uuidArray(userIds)}) AND u.status = 'active'`,
  );
  return new Map(rows.map((r) => [r.id, { role: r.role, state: r.state }]));
}

/** The active administrators of an institution: its research office. */
export async function findActiveAdmins(db: Db, institutionId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE institution_id = ${institutionId} AND role = 'admin' AND status = 'active'`,
  );
  return rows.map((r) => r.id);
}
