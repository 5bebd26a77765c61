// Telling people things: other modules call `notify` after their change is
// stored; each recipient's preference for the kind decides whether it shows
// in the app, and whether and how often it is e-mailed (`email` is kept on
// the row for the e-mail jobs). A dedupe key makes a fact notify once. New
// in-app notifications go live to the person's tabs with their unread count.
import { isoInstant } from '@grantbridge/contract/days';
import { areaPaths, notificationSettingsPath, roleHomePath } from '@grantbridge/contract/app-paths';
import { feedPostPath } from '@grantbridge/contract/feed';
import {
  defaultDigestHour,
  defaultKindPreferences,
  defaultLeadTimes,
  notificationKinds,
  type EmailCadence,
  type Notification,
  type NotificationKind,
  type NotificationPreferences,
  type ReminderLeadTime,
} from '@grantbridge/contract/notifications';
import { timeZoneForState } from '@grantbridge/contract/time-zones';
import type { Db } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import type { Actor } from '../../plugins/types';
import {
  countUnread,
  findNotifications,
  findPeople,
  findPreferenceRows,
  findSettingsRow,
  insertNotifications,
  markRead,
  savePreferences,
  type NotificationRow,
} from './notifications.repository';

/** What a notice is about; the link goes to it in the recipient's own area. */
export type NoticeTarget =
  | { kind: 'application'; id: string }
  | { kind: 'grant'; id: string }
  | { kind: 'conversation'; id: string }
  | { kind: 'search'; query: string }
  /** A post of the activity feed: on top of the home's feed. */
  | { kind: 'post'; id: string }
  /** My Grants (saved grants, applications, team invitations). */
  | { kind: 'pipeline' }
  | { kind: 'settings' };

export type Notice = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  target: NoticeTarget;
  dedupeKey?: string;
  /** This notice's own e-mail cadence (a saved search's), within the kind's. */
  email?: EmailCadence;
};

export function linkFor(role: 'researcher' | 'admin', target: NoticeTarget): string {
  const area = areaPaths(role);
  switch (target.kind) {
    case 'application':
      return area.application(target.id);
    case 'grant':
      return area.grant(target.id);
    case 'conversation':
      return area.conversation(target.id);
    case 'search':
      return `${area.search}?${target.query}`;
    case 'post':
      return feedPostPath(roleHomePath(role), target.id);
    case 'pipeline':
      return area.grants;
    case 'settings':
      return notificationSettingsPath(role);
  }
}


function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: isoInstant(row.created_at),
    readAt: row.read_at ? isoInstant(row.read_at) : null,
  };
}

type KindPreference = { inApp: boolean; email: EmailCadence };

async function kindPreferences(db: Db, userIds: string[]): Promise<Map<string, Record<NotificationKind, KindPreference>>> {
  const rows = await findPreferenceRows(db, userIds);
  const result = new Map<string, Record<NotificationKind, KindPreference>>();
  for (const id of userIds) result.set(id, { ...defaultKindPreferences });
  for (const row of rows) {
    const prefs = result.get(row.user_id);
    if (prefs && (notificationKinds as readonly string[]).includes(row.kind)) {
      prefs[row.kind as NotificationKind] = { inApp: row.in_app, email: row.email };
    }
  }
  return result;
}

export type StoredNotice = Awaited<ReturnType<typeof insertNotifications>>[number];

/**
 * Stores each notice its recipient wants (in the app, by e-mail or both);
 * `db` may be a transaction. Publish what it returns once that commits.
 */
export async function storeNotices(db: Db, notices: Notice[]): Promise<StoredNotice[]> {
  if (!notices.length) return [];
  const userIds = [...new Set(notices.map((n) => n.userId))];
  const [people, prefs] = await Promise.all([findPeople(db, userIds), kindPreferences(db, userIds)]);
  const rows = notices.flatMap((n) => {
    const person = people.get(n.userId);
    const pref = prefs.get(n.userId)?.[n.kind];
    if (!person || !pref) return [];
    // The kind's e-mail setting is the master switch; a notice may ask for its own cadence within it.
    const email = pref.email === 'off' ? 'off' : (n.email ?? pref.email);
    if (!pref.inApp && email === 'off') return [];
    return [
      {
        userId: n.userId,
        kind: n.kind,
        title: n.title,
        body: n.body,
        link: linkFor(person.role, n.target),
        dedupeKey: n.dedupeKey ?? null,
        inApp: pref.inApp,
        email: email === 'off' ? null : email,
      },
    ];
  });
  return insertNotifications(db, rows);
}

/** Sends stored in-app notices live to their people, with each one's unread count. */
/**
 * Sends stored in-app notices live: one event per person, with their newest
 * notice and their unread count (an import can tell one person many things at
 * once; the bell refetches its list when the count jumps).
 */
export async function publishNotices(db: Db, bus: RealtimeBus, stored: StoredNotice[]) {
  const newest = new Map<string, StoredNotice>();
  for (const row of stored) if (row.in_app) newest.set(row.user_id, row);
  if (!newest.size) return;
  const unread = await countUnread(db, [...newest.keys()]);
  for (const [userId, row] of newest) {
    await bus.publish([userId], {
      type: 'notification.created',
      data: { notification: toNotification(row), unreadCount: unread.get(userId) ?? 0 },
    });
  }
}

let instantTrigger: (() => void) | null = null;
/** The app's e-mail worker asks to hear when instant e-mails are waiting. */
export function onInstantEmails(trigger: (() => void) | null) {
  instantTrigger = trigger;
}

/** Stores, publishes and, for instant e-mails, wakes the sender. How many were stored. */
export async function notify(db: Db, bus: RealtimeBus, notices: Notice[]): Promise<number> {
  const stored = await storeNotices(db, notices);
  await publishNotices(db, bus, stored);
  if (stored.some((r) => r.email === 'instant')) instantTrigger?.();
  return stored.length;
}

export async function listNotifications(db: Db, actor: Actor, query: { unread?: string; cursor?: string; limit: number }) {
  const cursor = decodeCursor(query.cursor, 'notifications');
  const unreadOnly = query.unread === 'true' || query.unread === '1';
  const rows = await findNotifications(db, actor.id, { unreadOnly, cursor, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toNotification),
    unreadCount: (await countUnread(db, [actor.id])).get(actor.id) ?? 0,
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export async function readNotifications(db: Db, bus: RealtimeBus, actor: Actor, body: { ids: string[] } | { all: true }) {
  await markRead(db, actor.id, 'all' in body ? 'all' : body.ids);
  const unreadCount = (await countUnread(db, [actor.id])).get(actor.id) ?? 0;
  await bus.publish([actor.id], { type: 'notifications.read', data: { unreadCount } });
  return { unreadCount };
}

export async function getPreferences(db: Db, actor: Actor): Promise<NotificationPreferences> {
  const [prefs, settings, people] = await Promise.all([
    kindPreferences(db, [actor.id]),
    findSettingsRow(db, actor.id),
    findPeople(db, [actor.id]),
  ]);
  return {
    kinds: prefs.get(actor.id)!,
    digestHour: settings?.digest_hour ?? defaultDigestHour,
    timeZone: settings?.time_zone ?? timeZoneForState(people.get(actor.id)?.state),
    reminderLeadTimes: (settings?.reminder_lead_times as ReminderLeadTime[] | undefined) ?? defaultLeadTimes,
  };
}

export async function setPreferences(db: Db, actor: Actor, body: NotificationPreferences) {
  await savePreferences(
    db,
    actor.id,
    notificationKinds.map((kind) => ({ kind, ...body.kinds[kind] })),
    { digestHour: body.digestHour, timeZone: body.timeZone, leadTimes: [...new Set(body.reminderLeadTimes)] },
  );
  return getPreferences(db, actor);
}
