// Deadlines for people's calendars (ical-generator): a secret per-person feed
// with the sponsor and internal deadlines of their applications in progress,
// their saved grants' close dates and the open tasks assigned to them; and
// one deadline as a single event ("Add to calendar"). Events are all-day and
// keep their UID, so a calendar that reads the feed again updates them.
import crypto from 'node:crypto';
import icalGenerator from 'ical-generator';
import { appUrl, type Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { getApplication } from './applications.service';
import { findFeedOwner, listFeedApplications, listFeedSavedGrants, listFeedTasks, upsertFeedToken } from './calendar.repository';
import { internalDeadlineFor } from './deadlines';

export type CalendarEvent = { uid: string; day: string; summary: string; description: string; url: string };

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The events as an iCalendar document. */
export function toIcs(name: string, events: CalendarEvent[]): string {
  const calendar = icalGenerator({ name, prodId: { company: 'GrantBridge', product: 'Deadlines', language: 'EN' } });
  for (const event of events) {
    const start = new Date(`${event.day}T00:00:00Z`);
    calendar.createEvent({
      id: event.uid,
      start,
      end: new Date(start.getTime() + 86_400_000),
      allDay: true,
      summary: event.summary,
      description: event.description,
      url: event.url,
      stamp: new Date(),
    });
  }
  return calendar.toString();
}

/** A new secret address for the person's feed; the one before stops working. */
export async function newFeedUrl(db: Db, config: Config, actor: Actor) {
  const token = crypto.randomBytes(32).toString('base64url');
  await upsertFeedToken(db, actor.id, sha256(token));
  return `${appUrl(config)}/api/v1/calendar/feed/${token}`;
}

/** The feed of whoever holds `token`; an unknown or replaced token, or a deactivated person's, is not found. */
export async function feedFor(db: Db, config: Config, token: string): Promise<string> {
  const feed = await findFeedOwner(db, sha256(token));
  if (!feed) throw new AppError('not_found', 'No such calendar feed.');
  const userId = feed.user_id;
  const site = appUrl(config);
  const events: CalendarEvent[] = [];
  const applications = await listFeedApplications(db, userId);
  for (const a of applications) {
    const url = `${site}/dashboard/applications/${a.id}`;
    const internal = internalDeadlineFor(a.close_date, a.lead_days, a.internal_deadline);
    if (internal) {
      events.push({ uid: `internal-${a.id}@grantbridge`, day: internal, summary: `Internal deadline: ${a.grant_title}`, description: 'The research office needs the proposal by this day.', url });
    }
    if (a.close_date) {
      events.push({ uid: `sponsor-${a.id}@grantbridge`, day: a.close_date, summary: `Sponsor deadline: ${a.grant_title}`, description: 'The sponsor closes the call on this day.', url });
    }
  }
  const saved = await listFeedSavedGrants(db, userId);
  for (const g of saved) {
    events.push({ uid: `saved-${g.id}-${userId}@grantbridge`, day: g.close_date, summary: `Closes: ${g.title}`, description: 'A grant you saved closes on this day.', url: `${site}/dashboard/grant/${g.id}` });
  }
  const tasks = await listFeedTasks(db, userId);
  for (const t of tasks) {
    events.push({ uid: `task-${t.id}@grantbridge`, day: t.due_date, summary: `Task due: ${t.title}`, description: `For ${t.grant_title}.`, url: `${site}/dashboard/applications/${t.application_id}` });
  }
  return toIcs('GrantBridge deadlines', events);
}

/** One deadline of an application the person may see, as a single event. */
export async function deadlineEvent(db: Db, config: Config, actor: Actor, id: string, which: 'internal' | 'sponsor') {
  const application = await getApplication(db, actor, id);
  const day = which === 'internal' ? application.internalDeadline : application.sponsorDeadline;
  if (!day) throw new AppError('not_found', 'This application has no such deadline.');
  const area = actor.role === 'admin' ? 'admin' : 'dashboard';
  return toIcs('GrantBridge deadline', [
    {
      uid: `${which}-${id}@grantbridge`,
      day,
      summary: `${which === 'internal' ? 'Internal' : 'Sponsor'} deadline: ${application.grant.title}`,
      description: which === 'internal' ? 'The research office needs the proposal by this day.' : 'The sponsor closes the call on this day.',
      url: `${appUrl(config)}/${area}/applications/${id}`,
    },
  ]);
}
