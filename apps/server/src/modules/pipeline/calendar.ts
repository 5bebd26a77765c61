// Deadlines for people's calendars (ical-generator): a secret per-person feed
// with the sponsor and internal deadlines of their applications in progress,
// their saved grants' close dates and the open tasks assigned to them; and
// one deadline as a single event ("Add to calendar"). Events are all-day and
// keep their UID, so a calendar that reads the feed again updates them.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import icalGenerator from 'ical-generator';
import { appUrl, type Config } from '../../config';
import { queryRows, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { getApplication } from './applications.service';
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
  await db.execute(sql`
    INSERT INTO calendar_feeds (user_id, token_hash) VALUES (${actor.id}, ${sha256(token)})
    ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = now()`);
  return `${appUrl(config)}/api/v1/calendar/feed/${token}`;
}

type DeadlineRow = {
  id: string;
  grant_title: string;
  close_date: string | null;
  internal_deadline: string | null;
  lead_days: number;
};

/** The feed of whoever holds `token`; an unknown or replaced token, or a deactivated person's, is not found. */
export async function feedFor(db: Db, config: Config, token: string): Promise<string> {
  const [feed] = await queryRows<{ user_id: string }>(
    db,
    // A deactivated person's feed is gone with the account (issue 27): nothing of theirs is served.
    sql`SELECT f.user_id FROM calendar_feeds f JOIN users u ON u.id = f.user_id
      WHERE f.token_hash = ${sha256(token)} AND u.status = 'active'`,
  );
  if (!feed) throw new AppError('not_found', 'No such calendar feed.');
  const userId = feed.user_id;
  const site = appUrl(config);
  const events: CalendarEvent[] = [];
  const applications = await queryRows<DeadlineRow>(
    db,
    sql`SELECT a.id, g.title AS grant_title, to_char(g.close_date, 'YYYY-MM-DD') AS close_date,
      to_char(a.internal_deadline, 'YYYY-MM-DD') AS internal_deadline, i.internal_deadline_business_days AS lead_days
    FROM applications a JOIN grants g ON g.id = a.grant_id JOIN users u ON u.id = a.user_id JOIN institutions i ON i.id = u.institution_id
    WHERE a.status IN ('drafting', 'internal_review', 'submitted', 'under_review')
      AND (a.user_id = ${userId} OR EXISTS (SELECT 1 FROM application_members m
        WHERE m.application_id = a.id AND m.user_id = ${userId} AND m.status = 'active'))`,
  );
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
  const saved = await queryRows<{ id: string; title: string; close_date: string }>(
    db,
    sql`SELECT g.id, g.title, to_char(g.close_date, 'YYYY-MM-DD') AS close_date
    FROM saved_grants s JOIN grants g ON g.id = s.grant_id
    WHERE s.user_id = ${userId} AND g.close_date IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.grant_id = g.id AND a.user_id = ${userId})`,
  );
  for (const g of saved) {
    events.push({ uid: `saved-${g.id}-${userId}@grantbridge`, day: g.close_date, summary: `Closes: ${g.title}`, description: 'A grant you saved closes on this day.', url: `${site}/dashboard/grant/${g.id}` });
  }
  const tasks = await queryRows<{ id: string; title: string; due_date: string; application_id: string; grant_title: string }>(
    db,
    sql`SELECT t.id, t.title, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.application_id, g.title AS grant_title
    FROM application_tasks t JOIN applications a ON a.id = t.application_id JOIN grants g ON g.id = a.grant_id
    WHERE t.assignee_id = ${userId} AND t.status = 'pending' AND t.due_date IS NOT NULL`,
  );
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
