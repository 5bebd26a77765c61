// The demo applications: one in every stage, each history a path the stage
// rules allow, taken by whom they allow, with teams across institutions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sessionCookie } from '../../test/factories';
import { loadConfig } from '../config';
import { queryRows } from '../db/client';
import { stepFor } from '../modules/applications/stages';
import { loadDemoPeopleExtras } from './demo-people';
import { loadShippedGrants, shiftDemoGrantDates } from './grants-seed';
import { loadDemoApplications } from './pipeline-seed';
import { loadDemoFeed } from './feed-seed';
import { loadDemoNotifications } from './notifications-seed';
import { loadDemoData } from './seed';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-pipeline-seed-'));
  await loadShippedGrants(t.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
  await shiftDemoGrantDates(t.db);
  await loadDemoData(t.db, t.config);
  await loadDemoPeopleExtras(t.db, t.config);
}, 180_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('demo applications', () => {
  it('are loaded once, one in every stage, on grants still open', async () => {
    expect(await loadDemoApplications(t.db)).toBe(true);
    expect(await loadDemoApplications(t.db)).toBe(false);
    const rows = await queryRows<{ status: ApplicationStatus; open: boolean; amount_awarded: number | null }>(
      t.db,
      sql`SELECT a.status, coalesce(g.close_date >= current_date, true) AS open, a.amount_awarded::float8 AS amount_awarded
      FROM applications a JOIN grants g ON g.id = a.grant_id`,
    );
    expect(rows.map((r) => r.status).sort()).toEqual(
      ['awarded', 'drafting', 'drafting', 'internal_review', 'rejected', 'submitted', 'under_review', 'withdrawn'].sort(),
    );
    expect(rows.every((r) => r.open)).toBe(true);
    expect(rows.find((r) => r.status === 'awarded')?.amount_awarded).toBe(450_000);
    const [work] = await queryRows<{ documents: number; tasks: number; open_tasks: number }>(
      t.db,
      sql`SELECT (SELECT count(*) FROM application_documents)::int AS documents, (SELECT count(*) FROM application_tasks)::int AS tasks,
        (SELECT count(*) FROM application_tasks WHERE status = 'pending')::int AS open_tasks`,
    );
    // Six checklist items and four tasks each; the drafts' and the one in review's tasks mostly open.
    expect(work).toEqual({ documents: 48, tasks: 32, open_tasks: 11 });
  });

  it('went through stages the rules allow, each step by someone allowed to take it', async () => {
    const events = await queryRows<{
      application_id: string;
      from_status: ApplicationStatus | null;
      to_status: ApplicationStatus;
      reason: string | null;
      actor_role: 'researcher' | 'admin';
      actor_is_pi: boolean;
      status: ApplicationStatus;
    }>(
      t.db,
      sql`SELECT e.application_id, e.from_status, e.to_status, e.reason, u.role AS actor_role,
        e.actor_id = a.user_id AS actor_is_pi, a.status
      FROM application_events e JOIN applications a ON a.id = e.application_id JOIN users u ON u.id = e.actor_id
      ORDER BY e.application_id, e.created_at`,
    );
    const byApplication = new Map<string, typeof events>();
    for (const e of events) byApplication.set(e.application_id, [...(byApplication.get(e.application_id) ?? []), e]);
    expect(byApplication.size).toBe(8);
    for (const chain of byApplication.values()) {
      expect(chain[0]).toMatchObject({ from_status: null, to_status: 'drafting', actor_is_pi: true });
      for (const [i, e] of chain.entries()) {
        if (i === 0) continue;
        expect(e.from_status).toBe(chain[i - 1]!.to_status);
        expect(stepFor(e.from_status!, e.to_status, [e.actor_is_pi ? 'pi' : 'admin'])).toBe('ok');
        if (e.from_status === 'internal_review' && e.to_status === 'drafting') expect(e.reason).toBeTruthy();
      }
      expect(chain.at(-1)!.to_status).toBe(chain[0]!.status);
    }
  });

  it("fill the office's review queue and a team across institutions", async () => {
    const [admin] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE email = 'admin@example.edu'`);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/applications?status=internal_review',
      headers: { cookie: await sessionCookie(t.db, admin!.id) },
    });
    expect(queue.json().applications.map((a: { pi: { name: string } }) => a.pi.name)).toHaveLength(1);
    const [me] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE email = 'researcher@example.edu'`);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/applications',
      headers: { cookie: await sessionCookie(t.db, me!.id) },
    });
    // Jordan leads one (with a co-investigator at Riverside) and contributes to Avery's.
    expect(mine.json().applications.map((a: { role: string; status: string }) => [a.role, a.status]).sort()).toEqual([
      ['contributor', 'withdrawn'],
      ['pi', 'drafting'],
    ]);
  });
});

describe('demo feed', () => {
  it('is loaded once after the applications, and everyone who liked or commented could see the post', async () => {
    expect(await loadDemoFeed(t.db)).toBe(true);
    expect(await loadDemoFeed(t.db)).toBe(false);
    const [jordan] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE email = 'researcher@example.edu'`);
    const cookie = await sessionCookie(t.db, jordan!.id);
    const feed = (await t.app.inject({ method: 'GET', url: '/api/v1/feed', headers: { cookie } })).json();
    expect(feed.items.length).toBeGreaterThanOrEqual(10);
    expect(feed.items.some((i: { author: { name: string } }) => i.author.name === 'Dr. Avery Castellano')).toBe(true);
    expect(feed.items.some((i: { kind: string }) => i.kind === 'event')).toBe(true);
    const strays = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM (
        SELECT p.id, l.user_id AS who FROM posts p JOIN post_likes l ON l.post_id = p.id
        UNION ALL SELECT p.id, c.author_id FROM posts p JOIN post_comments c ON c.post_id = p.id) x
        JOIN posts p ON p.id = x.id JOIN users u ON u.id = x.who
        WHERE u.institution_id <> p.institution_id AND NOT EXISTS (
          SELECT 1 FROM applications a LEFT JOIN application_members m ON m.application_id = a.id AND m.status = 'active'
          WHERE (a.user_id = p.author_id AND m.user_id = x.who) OR (a.user_id = x.who AND m.user_id = p.author_id)
            OR (m.user_id = p.author_id AND a.user_id = x.who))`,
    );
    expect(strays[0]!.n).toBe(0);
    const counts = await queryRows<{ bad: number }>(
      t.db,
      sql`SELECT count(*)::int AS bad FROM posts p WHERE like_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)
        OR comment_count <> (SELECT count(*) FROM post_comments c WHERE c.post_id = p.id)`,
    );
    expect(counts[0]!.bad).toBe(0);
  });
});

describe('demo notifications', () => {
  it('give the demo researcher saved searches with alerts and notices that tell what the demo data holds, once', async () => {
    expect(await loadDemoNotifications(t.db)).toBe(true);
    expect(await loadDemoNotifications(t.db)).toBe(false);
    const [jordan] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE email = 'researcher@example.edu'`);
    const cookie = await sessionCookie(t.db, jordan!.id);
    const searches = (await t.app.inject({ method: 'GET', url: '/api/v1/saved-searches', headers: { cookie } })).json().savedSearches;
    expect(searches.map((s: { alertCadence: string }) => s.alertCadence).sort()).toEqual(['daily', 'weekly']);
    const { items } = (await t.app.inject({ method: 'GET', url: '/api/v1/notifications?limit=50', headers: { cookie } })).json();
    const kinds = new Set(items.map((n: { kind: string }) => n.kind));
    // Every kind but an unread direct message, which the scheduled work tells 30 minutes after one arrives.
    for (const kind of ['saved_search.match', 'saved_grant.changed', 'deadline.reminder', 'application.status', 'team.invitation', 'task.assigned', 'task.due']) {
      expect(kinds).toContain(kind);
    }
    const changed = items.find((n: { kind: string }) => n.kind === 'saved_grant.changed');
    expect(changed.body).toMatch(/^Award ceiling: .+ → .+/);
    const [mailed] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM notifications WHERE email IS NOT NULL`);
    expect(mailed!.n).toBe(0);
  });
});

describe('demo history', () => {
  it('gives the office two fiscal years of decisions from several agencies and departments, once, by allowed steps', async () => {
    const { loadDemoHistory } = await import('./history-seed');
    expect(await loadDemoHistory(t.db)).toBe(true);
    expect(await loadDemoHistory(t.db)).toBe(false);
    const [admin] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE email = 'admin@example.edu'`);
    const cookie = await sessionCookie(t.db, admin!.id);
    const { fiscalYearOf, previousPeriod } = await import('@grantbridge/contract/admin');
    const thisYear = fiscalYearOf(new Date().toISOString().slice(0, 10));
    const lastYear = previousPeriod(thisYear);
    const overview = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/admin/overview${q}`, headers: { cookie } })).json();
    const current = await overview('');
    const before = await overview(`?from=${lastYear.from}&to=${lastYear.to}`);
    expect(before.stats.totalFundingAchieved).toBeGreaterThan(0);
    // This fiscal year has its awards from its first weeks (the decisions are spread up to a few days ago).
    const daysIn = (Date.now() - Date.parse(`${thisYear.from}T00:00:00Z`)) / 86_400_000;
    if (daysIn >= 30) expect(current.fundingByAgency.length).toBeGreaterThan(0);
    expect(current.stats.activeResearchers).toBeGreaterThan(0);
    expect(current.stats.activeResearchers).toBeLessThan(current.researchersTotal);
    // Awards were decided after their grants closed: the timeline spans months, not years.
    const [late] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM applications a JOIN grants g ON g.id = a.grant_id
      WHERE a.status = 'awarded' AND (a.awarded_at::date < g.close_date OR a.awarded_at::date > g.close_date + 400)`,
    );
    expect(late!.n).toBe(0);
    const [free] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM applications WHERE status = 'awarded' AND coalesce(amount_awarded, 0) < 1000`,
    );
    expect(free!.n, 'every demo award has an amount').toBe(0);
    expect(before.fundingByAgency.length).toBeGreaterThanOrEqual(3);
    expect(before.fundingByDepartment.length).toBeGreaterThanOrEqual(3);
    const pipeline = (await t.app.inject({ method: 'GET', url: `/api/v1/admin/pipeline?from=${lastYear.from}&to=${lastYear.to}`, headers: { cookie } })).json();
    expect(pipeline.counts.rejected).toBeGreaterThan(0);
    // Every history a path the stage rules allow, the office taking its steps.
    const events = await queryRows<{ application_id: string; from_status: ApplicationStatus | null; to_status: ApplicationStatus; actor_is_pi: boolean }>(
      t.db,
      sql`SELECT e.application_id, e.from_status, e.to_status, e.actor_id = a.user_id AS actor_is_pi
      FROM application_events e JOIN applications a ON a.id = e.application_id
      WHERE a.status IN ('awarded', 'rejected', 'withdrawn') ORDER BY e.application_id, e.created_at`,
    );
    for (const e of events) {
      if (e.from_status) expect(stepFor(e.from_status, e.to_status, [e.actor_is_pi ? 'pi' : 'admin'])).toBe('ok');
    }
    // The walkthrough's researcher keeps the two applications the tour describes.
    const [jordan] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM applications a JOIN users u ON u.id = a.user_id WHERE u.email = 'researcher@example.edu'`,
    );
    expect(jordan!.n).toBe(1);
  });
});
