// Reminders that come due with time: deadlines of saved grants and
// applications at the lead times each person chose (the nearest one due, so
// a grant saved late is reminded once, not at every lead time at once), tasks
// due tomorrow or overdue, and direct messages unread after 30 minutes. Each
// has a dedupe key, so running at any time, as often as wanted, tells once.
import { defaultLeadTimes, type ReminderLeadTime } from '@grantbridge/contract/notifications';
import { timeZoneForState } from '@grantbridge/contract/time-zones';
import type { Db } from '../../db/client';
import { formatDay } from '../../lib/format';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import { findUnreadDirectMessages } from '../messaging/messaging.service';
import { deadlinesWithin, tasksDueBy } from '../applications/applications.service';
import { addIsoDays, isoDayOf, isoDaysBetween } from '@grantbridge/contract/days';
import { localTime } from './local-time';
import { findCalendarRows } from './notifications.repository';
import { notify, type Notice } from './notifications.service';

const leadDays: Record<ReminderLeadTime, number> = { '3d': 3, '1w': 7, '2w': 14, '1m': 30, '2m': 61, '3m': 91 };
const unreadAfterMs = 30 * 60_000;
/** Older unread messages are not worth an e-mail any more. */
const unreadWindowMs = 24 * 3600_000;

type Calendar = { today: string; leadTimes: ReminderLeadTime[] };

async function calendarsOf(db: Db, userIds: string[], now: Date): Promise<Map<string, Calendar>> {
  if (!userIds.length) return new Map();
  const rows = await findCalendarRows(db, userIds);
  return new Map(
    rows.map((r) => [
      r.id,
      { today: localTime(now, r.time_zone ?? timeZoneForState(r.state)).day, leadTimes: (r.lead_times as ReminderLeadTime[] | null) ?? defaultLeadTimes },
    ]),
  );
}

/** The lead time a deadline `daysLeft` away is reminded at now: the nearest chosen one it has come within. */
export function dueLeadTime(daysLeft: number, chosen: ReminderLeadTime[]): ReminderLeadTime | null {
  if (daysLeft < 0) return null;
  const due = chosen.filter((l) => daysLeft <= leadDays[l]).sort((a, b) => leadDays[a] - leadDays[b]);
  return due[0] ?? null;
}

const inDays = (n: number) => (n === 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`);

export async function sendDeadlineReminders(db: Db, bus: RealtimeBus, now: Date): Promise<number> {
  const utcToday = isoDayOf(now);
  const deadlines = await deadlinesWithin(db, addIsoDays(utcToday, -1), addIsoDays(utcToday, 92));
  const calendars = await calendarsOf(db, [...new Set(deadlines.map((d) => d.userId))], now);
  const notices: Notice[] = [];
  for (const d of deadlines) {
    const calendar = calendars.get(d.userId);
    if (!calendar) continue;
    const left = isoDaysBetween(calendar.today, d.day);
    const lead = dueLeadTime(left, calendar.leadTimes);
    if (!lead) continue;
    notices.push({
      userId: d.userId,
      kind: 'deadline.reminder',
      title: `${d.what} ${inDays(left)}: ${d.title}`,
      body: `${d.what}: ${formatDay(d.day)}.`,
      target: d.target,
      dedupeKey: `reminder:${d.key}:${d.day}:${lead}`,
    });
  }
  return notify(db, bus, notices);
}

export async function sendTaskReminders(db: Db, bus: RealtimeBus, now: Date): Promise<number> {
  const tasks = await tasksDueBy(db, addIsoDays(isoDayOf(now), 2));
  const calendars = await calendarsOf(db, [...new Set(tasks.map((t) => t.userId))], now);
  const notices: Notice[] = [];
  for (const task of tasks) {
    const calendar = calendars.get(task.userId);
    if (!calendar) continue;
    const left = isoDaysBetween(calendar.today, task.dueDate);
    if (left > 1) continue;
    notices.push({
      userId: task.userId,
      kind: 'task.due',
      title: left < 0 ? `Overdue: ${task.title}` : `Due ${inDays(left)}: ${task.title}`,
      body: `On “${task.grantTitle}”, due ${formatDay(task.dueDate)}.`,
      target: { kind: 'application', id: task.applicationId },
      // Once when it comes due, and once more if it is still open when overdue.
      dedupeKey: `task:${task.id}:${task.dueDate}:${left < 0 ? 'overdue' : 'due'}`,
    });
  }
  return notify(db, bus, notices);
}

export async function sendUnreadMessageNotices(db: Db, bus: RealtimeBus, now: Date): Promise<number> {
  const unread = await findUnreadDirectMessages(db, new Date(now.getTime() - unreadWindowMs), new Date(now.getTime() - unreadAfterMs));
  return notify(
    db,
    bus,
    unread.map((m) => ({
      userId: m.userId,
      kind: 'message.unread',
      title: `Unread message from ${m.senderName}`,
      body: m.preview,
      target: { kind: 'conversation', id: m.conversationId },
      dedupeKey: `unread:${m.conversationId}:${m.seq}`,
    })),
  );
}
