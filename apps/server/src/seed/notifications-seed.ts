// Demo notifications (fictional people), loaded once after the demo
// applications: the demo researcher's saved searches with alerts on, and
// notices that tell what the demo data holds — matches for those searches
// among the open grants (found by the same matching imports use), a partner's
// withdrawn application and the task it gave, a partner's invitation to a team, the sponsor deadline of the
// application in progress and its soonest task, and a saved grant amended. Reminders and unread-message notices then come
// from the scheduled work itself at start.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { getMeta, setMeta } from '../db/meta';
import { formatDay } from '../lib/format';
import { findUserIdsByEmail } from '../modules/auth/auth.service';
import { lastGrantChangeId, readGrantChanges } from '../modules/grants/grant-changes.repository';
import { describeChanges } from '../modules/notifications/grant-alerts';
import { storeNotices, type Notice } from '../modules/notifications/notifications.service';
import { setBookmark } from '../modules/applications/applications.service';
import { listAlertingSearches, matchSavedSearches } from '../modules/search/alert-matching';
import { createSavedSearch } from '../modules/search/saved-searches.service';

const jordan = 'researcher@example.edu';

export async function loadDemoNotifications(db: Db): Promise<boolean> {
  if (await getMeta(db, 'demo_notifications_seeded_at')) return false;
  const jordanId = (await findUserIdsByEmail(db, [jordan])).get(jordan);
  if (!jordanId) return false;
  await createSavedSearch(db, jordanId, { name: 'Carbon', query: 'carbon', filters: {}, alertCadence: 'daily' });
  await createSavedSearch(db, jordanId, { name: 'Climate over $500k', query: 'climate', filters: { amountMin: '500000' }, alertCadence: 'weekly' });
  const notices: Notice[] = [];

  // Every grant is a candidate; each search's own status filter keeps the open ones.
  const candidates = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM grants ORDER BY post_date DESC NULLS LAST LIMIT 20000`,
  );
  const searches = (await listAlertingSearches(db)).filter((s) => s.userId === jordanId);
  const titles = new Map(
    (await queryRows<{ id: string; title: string }>(db, sql`SELECT id, title FROM grants`)).map((g) => [g.id, g.title]),
  );
  for (const { search, grantIds } of await matchSavedSearches(db, searches, candidates.map((g) => g.id))) {
    for (const grantId of grantIds.slice(0, 2)) {
      notices.push({
        userId: jordanId,
        kind: 'saved_search.match',
        title: `New match for “${search.name}”: ${titles.get(grantId) ?? 'a grant'}`,
        body: 'Found in the latest Grants.gov import.',
        target: { kind: 'grant', id: grantId },
        dedupeKey: `match:${search.id}:${grantId}`,
        email: 'off',
      });
    }
  }

  const applications = await queryRows<{ id: string; status: string; title: string; close_date: string | null; pi_name: string; pi_id: string }>(
    db,
    sql`SELECT a.id, a.status, g.title, to_char(g.close_date, 'YYYY-MM-DD') AS close_date, u.name AS pi_name, u.id AS pi_id
      FROM applications a JOIN grants g ON g.id = a.grant_id JOIN users u ON u.id = a.user_id
      WHERE a.user_id = ${jordanId} OR EXISTS (SELECT 1 FROM application_members m WHERE m.application_id = a.id AND m.user_id = ${jordanId})`,
  );
  for (const a of applications) {
    if (a.pi_id !== jordanId && a.status === 'withdrawn') {
      notices.push({
        userId: jordanId,
        kind: 'application.status',
        title: `“${a.title}” moved to withdrawn`,
        body: `${a.pi_name} moved it from drafting to withdrawn.`,
        target: { kind: 'application', id: a.id },
        dedupeKey: `demo:status:${a.id}`,
      });
      const [task] = await queryRows<{ title: string }>(
        db,
        sql`SELECT title FROM application_tasks WHERE application_id = ${a.id} AND assignee_id = ${jordanId} LIMIT 1`,
      );
      if (task) {
        notices.push({
          userId: jordanId,
          kind: 'task.assigned',
          title: `${a.pi_name} gave you a task`,
          body: `“${task.title}” on “${a.title}”.`,
          target: { kind: 'application', id: a.id },
          dedupeKey: `demo:task:${a.id}`,
        });
      }
    }
    const [invited] = await queryRows<{ role: string }>(
      db,
      sql`SELECT role FROM application_members WHERE application_id = ${a.id} AND user_id = ${jordanId} AND status = 'pending'`,
    );
    if (invited) {
      notices.push({
        userId: jordanId,
        kind: 'team.invitation',
        title: `${a.pi_name} invited you to a team`,
        body: `As ${invited.role === 'co_investigator' ? 'co-investigator' : 'contributor'} on “${a.title}”. Accept or decline on My Grants.`,
        // Not the application: an invitee sees it once they accept.
        target: { kind: 'pipeline' },
        dedupeKey: `demo:invitation:${a.id}`,
      });
    }
    if (a.pi_id === jordanId && a.status === 'drafting') {
      // The soonest open task of Jordan's own on the draft, as the daily task reminder tells it.
      const [due] = await queryRows<{ id: string; title: string; due_date: string }>(
        db,
        sql`SELECT id, title, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM application_tasks
        WHERE application_id = ${a.id} AND assignee_id = ${jordanId} AND status = 'pending' AND due_date IS NOT NULL
        ORDER BY due_date LIMIT 1`,
      );
      if (due) {
        notices.push({
          userId: jordanId,
          kind: 'task.due',
          title: `Task due ${formatDay(due.due_date)}: ${due.title}`,
          body: `On “${a.title}”.`,
          target: { kind: 'application', id: a.id },
          dedupeKey: `demo:task-due:${due.id}`,
        });
      }
    }
    if (a.pi_id === jordanId && a.status === 'drafting' && a.close_date) {
      notices.push({
        userId: jordanId,
        kind: 'deadline.reminder',
        title: `Sponsor deadline ahead: ${a.title}`,
        body: `Sponsor deadline: ${formatDay(a.close_date)}.`,
        target: { kind: 'application', id: a.id },
        dedupeKey: `demo:deadline:${a.id}`,
      });
    }
  }
  // A grant Jordan saved is amended, as a later import would: the catalogue's change log records it
  // (old → new) and Jordan is told what changed, under the key the after-import work uses, so it is told once.
  const saved = notices.find((n) => n.kind === 'saved_search.match')?.target;
  if (saved?.kind === 'grant') {
    await setBookmark(db, jordanId, saved.id, true);
    await db.execute(sql`UPDATE grants SET award_ceiling = coalesce(award_ceiling, 400000) + 100000 WHERE id = ${saved.id}`);
    const [change] = await readGrantChanges(db, (await lastGrantChangeId(db)) - 1, 1);
    if (change && change.grantId === saved.id) {
      notices.push({
        userId: jordanId,
        kind: 'saved_grant.changed',
        title: `“${titles.get(saved.id) ?? 'A grant you saved'}” changed`,
        body: describeChanges(change.changes),
        target: { kind: 'grant', id: saved.id },
        dedupeKey: `changed:${change.id}`,
      });
    }
  }
  // Demo notices are in the app only: nobody reads the demo people's mail.
  await storeNotices(db, notices.map((n) => ({ ...n, email: 'off' })));
  await setMeta(db, 'demo_notifications_seeded_at', new Date().toISOString());
  return true;
}
