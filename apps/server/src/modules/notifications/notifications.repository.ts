// The notifications module's queries: its own tables, and users (a person's
// role and institution, for links into the right area and the default time
// zone): docs/decisions/014-module-boundaries.md.
import { sql } from 'drizzle-orm';
import type { EmailCadence, NotificationKind } from '@grantbridge/contract/notifications';
import { queryRows, uuidArray, type Db } from '../../db/client';
import { createdKeySql, type Cursor } from '../../lib/keyset-cursor';
import type { UnsubscribeScope } from './unsubscribe';

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

// E-mail jobs (email-jobs.ts).

/** An instant notice waiting to be mailed, with its recipient. */
export type PendingInstantRow = {
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  dedupe_key: string | null;
  email: string;
  name: string;
  role: 'researcher' | 'admin';
};

/** A person with digest notices waiting, with their digest settings (null when never set). */
export type DigestRecipientRow = {
  user_id: string;
  email: string;
  name: string;
  role: 'researcher' | 'admin';
  digest_hour: number | null;
  time_zone: string | null;
  state: string | null;
};

/** A person's e-mail cadence of each kind they set. */
export async function findKindEmails(db: Db, userId: string) {
  return queryRows<{ kind: string; email: string }>(db, sql`SELECT kind, email FROM notification_preferences WHERE user_id = ${userId}`);
}

/** The e-mail cadence of each kind each of these people set. */
export async function findKindEmailsOf(db: Db, userIds: string[]) {
  return queryRows<{ user_id: string; kind: string; email: string }>(
    db,
    sql`SELECT user_id, kind, email FROM notification_preferences WHERE user_id = ANY(${uuidArray(userIds)})`,
  );
}

/** Up to `limit` instant notices not yet mailed to active people, oldest first, locked (others' locked rows skipped). */
export async function lockPendingInstantNotices(tx: Db, limit: number) {
  return queryRows<PendingInstantRow>(
    tx,
    sql`SELECT n.id, n.user_id, n.kind, n.title, n.body, n.link, n.dedupe_key, u.email, u.name, u.role FROM notifications n
          JOIN users u ON u.id = n.user_id AND u.status = 'active'
          WHERE n.email = 'instant' AND n.emailed_at IS NULL ORDER BY n.created_at LIMIT ${limit} FOR UPDATE OF n SKIP LOCKED`,
  );
}

/** Marks these notices as e-mailed now. */
export async function markNotificationsEmailed(tx: Db, ids: string[]) {
  await queryRows(tx, sql`UPDATE notifications SET emailed_at = now() WHERE id = ANY(${uuidArray(ids)})`);
}

/** Active people with `period` digest notices not yet mailed, with their digest hour, time zone and institution state. */
export async function findDigestRecipients(db: Db, period: 'daily' | 'weekly') {
  return queryRows<DigestRecipientRow>(
    db,
    sql`SELECT u.id AS user_id, u.email, u.name, u.role, s.digest_hour, s.time_zone, i.state
      FROM users u JOIN institutions i ON i.id = u.institution_id
      LEFT JOIN notification_settings s ON s.user_id = u.id
      WHERE u.status = 'active' AND EXISTS (SELECT 1 FROM notifications n
        WHERE n.user_id = u.id AND n.email = ${period} AND n.emailed_at IS NULL)`,
  );
}

/** A person's `period` notices not yet mailed that arrived by `until`, newest first, locked. */
export async function lockDigestNotices(tx: Db, userId: string, period: 'daily' | 'weekly', until: Date) {
  return queryRows<{ id: string; kind: NotificationKind; title: string; body: string; link: string }>(
    tx,
    sql`SELECT id, kind, title, body, link FROM notifications
      WHERE user_id = ${userId} AND email = ${period} AND emailed_at IS NULL AND created_at <= ${until.toISOString()}::timestamptz
      ORDER BY created_at DESC FOR UPDATE`,
  );
}

/** Records `slot` as a person's last `period` digest; no row back when that slot (or a later one) was already taken. */
export async function claimDigestSlot(tx: Db, userId: string, period: 'daily' | 'weekly', slot: string) {
  return queryRows<{ user_id: string }>(
    tx,
    sql`INSERT INTO notification_digests (user_id, period, last_slot) VALUES (${userId}, ${period}, ${slot})
      ON CONFLICT (user_id, period) DO UPDATE SET last_slot = excluded.last_slot, sent_at = now()
        WHERE notification_digests.last_slot < excluded.last_slot
      RETURNING user_id`,
  );
}

// The grant change cursor (grant-alerts.ts).

/** Creates the named cursor at `lastId` unless it exists. */
export async function insertCursorIfMissing(db: Db, name: string, lastId: number) {
  await queryRows(db, sql`INSERT INTO notification_cursors (name, last_id) VALUES (${name}, ${lastId}) ON CONFLICT (name) DO NOTHING`);
}

/** The named cursor's position, its row locked until the transaction ends. */
export async function lockCursorRow(db: Db, name: string) {
  const [row] = await queryRows<{ last_id: string | number }>(db, sql`SELECT last_id FROM notification_cursors WHERE name = ${name} FOR UPDATE`);
  return row;
}

/** Moves the named cursor to `lastId`. */
export async function advanceCursor(db: Db, name: string, lastId: number) {
  await queryRows(db, sql`UPDATE notification_cursors SET last_id = ${lastId}, updated_at = now() WHERE name = ${name}`);
}

// Reminders (reminder-jobs.ts).

/** Each person's time zone and reminder lead times (null when never set) and institution state. */
export async function findCalendarRows(db: Db, userIds: string[]) {
  return queryRows<{ id: string; time_zone: string | null; lead_times: string[] | null; state: string | null }>(
    db,
    sql`SELECT u.id, s.time_zone, s.reminder_lead_times AS lead_times, i.state FROM users u
      JOIN institutions i ON i.id = u.institution_id LEFT JOIN notification_settings s ON s.user_id = u.id
      WHERE u.id = ANY(${uuidArray(userIds)})`,
  );
}

// One-click unsubscribe links (unsubscribe.ts).

/** Stores links, each by its token's hash, in one statement. */
export async function insertUnsubscribeLinks(db: Db, links: { tokenHash: string; userId: string; scope: UnsubscribeScope }[]) {
  await queryRows(
    db,
    sql`INSERT INTO email_unsubscribes (token_hash, user_id, scope)
      SELECT r.token_hash, r.user_id, r.scope FROM json_to_recordset(${JSON.stringify(
        links.map((l) => ({ token_hash: l.tokenHash, user_id: l.userId, scope: l.scope })),
      )}::json) AS r(token_hash text, user_id uuid, scope jsonb)`,
  );
}

/** Stores one link by its token's hash. */
export async function insertUnsubscribeLink(db: Db, tokenHash: string, userId: string, scope: UnsubscribeScope) {
  await queryRows(
    db,
    sql`INSERT INTO email_unsubscribes (token_hash, user_id, scope) VALUES (${tokenHash}, ${userId}, ${JSON.stringify(scope)}::jsonb)`,
  );
}

/** Marks the link with this token hash used now; its owner and scope, or undefined for no such link. */
export async function markUnsubscribeLinkUsed(db: Db, tokenHash: string) {
  const [row] = await queryRows<{ user_id: string; scope: UnsubscribeScope }>(
    db,
    sql`UPDATE email_unsubscribes SET used_at = now() WHERE token_hash = ${tokenHash} RETURNING user_id, scope`,
  );
  return row;
}

/** Sets a person's e-mail cadence of one kind; the in-app setting stays as it was (on when never set). */
export async function upsertKindEmail(db: Db, userId: string, kind: NotificationKind, email: EmailCadence) {
  await queryRows(
    db,
    sql`INSERT INTO notification_preferences (user_id, kind, in_app, email) VALUES (${userId}, ${kind}, true, ${email})
      ON CONFLICT (user_id, kind) DO UPDATE SET email = excluded.email`,
  );
}
