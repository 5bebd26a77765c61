// Domain events through the API on a real database: a reaction that throws
// once neither fails the change nor loses its notice; events left by a crash
// run from the poller; reactions run once across two instances.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client';
import {
  createTestApp,
  createTestAppPair,
  usingPostgres,
  type TestApp,
} from '../../../test/test-app';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';
import { startFakeSmtp } from '../../../test/fake-smtp';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
import { registerEventRuntime, type EventHandler } from './events.service';
import { eventHandlers } from '../../event-handlers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
/** This app's events runtime with other handlers (as app.ts makes it). */
const runtimeFor = (app: TestApp, handlers: EventHandler[]) =>
  registerEventRuntime(app.db, {
    bus: app.app.realtime,
    log: app.app.log,
    handlers,
    context: { config: app.config, outbox: app.app.outbox },
  });

/** A PI, a teammate who has joined, the office, and the application. */
async function team(app: TestApp['app'], db: Db) {
  const pi = await makePerson(db, 'Pia PI');
  const mate = await makePerson(db, 'Mat Mate', 'researcher', pi.domain);
  const office = await makePerson(db, 'Olga Office', 'admin', pi.domain);
  const grant = await makeGrant(db, { title: 'Coastal marsh carbon' });
  const call = async (who: TestPerson, method: 'POST' | 'PATCH', url: string, payload: object) => {
    const res = await app.inject({ method, url, payload, headers: { cookie: who.cookie } });
    return res;
  };
  const made = await call(pi, 'POST', '/api/v1/applications', { grantId: grant.id });
  const applicationId = made.json().application.id as string;
  expect(
    (
      await call(pi, 'POST', `/api/v1/applications/${applicationId}/members`, {
        userId: mate.id,
        role: 'contributor',
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await call(mate, 'POST', `/api/v1/applications/${applicationId}/members/me/accept`, {}))
      .statusCode,
  ).toBe(200);
  return { pi, mate, office, applicationId, call };
}

const noticesOf = (db: Db, userId: string, kind: string) =>
  queryRows<{ title: string }>(
    db,
    sql`SELECT title FROM notifications WHERE user_id = ${userId} AND kind = ${kind}`,
  );

/** The app's own handlers, one of which throws the first `times` times it runs. */
function failingOnce(name: string, times = 1): { handlers: EventHandler[]; thrown: () => number } {
  let thrown = 0;
  const handlers = eventHandlers.map((h) =>
    h.name !== name
      ? h
      : {
          ...h,
          handle: async (...args: Parameters<EventHandler['handle']>) => {
            if (thrown < times) {
              thrown += 1;
              throw new Error('the notifications store is down');
            }
            return h.handle(...args);
          },
        },
  );
  return { handlers, thrown: () => thrown };
}

describe('domain events', () => {
  it('keeps a stage change and its notices when a reaction throws once: 200, then the notice from the retry, once', async () => {
    const { pi, mate, office, applicationId, call } = await team(t.app, t.db);
    const failing = failingOnce('notifications.stage_changed');
    const runner = runtimeFor(t, failing.handlers);
    try {
      const moved = await call(pi, 'PATCH', `/api/v1/applications/${applicationId}`, {
        status: 'internal_review',
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().application.status).toBe('internal_review');
      expect(failing.thrown()).toBe(1);
      expect(await noticesOf(t.db, mate.id, 'application.status')).toEqual([]);
      const [stored] = await queryRows<{
        handled_at: Date | null;
        last_error: string;
        due_later: boolean;
      }>(
        t.db,
        sql`SELECT handled_at, last_error, next_attempt_at > now() AS due_later FROM domain_events
            WHERE type = 'application.stage_changed' AND data->'application'->>'id' = ${applicationId}`,
      );
      expect(stored).toMatchObject({
        handled_at: null,
        last_error: 'the notifications store is down',
        due_later: true,
      });

      // Later (the backoff has passed): the poller runs the reaction that has not run.
      await t.db.execute(
        sql`UPDATE domain_events SET next_attempt_at = now() WHERE handled_at IS NULL`,
      );
      expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
      expect(await noticesOf(t.db, mate.id, 'application.status')).toHaveLength(1);
      expect((await noticesOf(t.db, office.id, 'application.status'))[0]?.title).toMatch(
        /moved to internal review/,
      );
      expect(await noticesOf(t.db, pi.id, 'application.status')).toEqual([]);

      // Run again from scratch (a crash between the notice and its record): nobody is told twice.
      await t.db.execute(sql`UPDATE domain_events SET handled_at = NULL, next_attempt_at = now()`);
      await t.db.execute(sql`DELETE FROM domain_event_runs`);
      await runner.runDue();
      expect(await noticesOf(t.db, mate.id, 'application.status')).toHaveLength(1);
      expect(await runner.runDue()).toBe(0);
    } finally {
      runtimeFor(t, eventHandlers);
    }
  });

  it('runs what a crash left: an event stored with its change and never handled is handled by the poller', async () => {
    const { pi, mate, applicationId, call } = await team(t.app, t.db);
    // As if the instance died right after the commit: no runtime ran the handlers.
    t.app.events.stop();
    const task = await call(pi, 'POST', `/api/v1/applications/${applicationId}/tasks`, {
      title: 'Draft the data management plan',
      priority: 'high',
      assigneeId: mate.id,
    });
    expect(task.statusCode).toBe(201);
    expect(await noticesOf(t.db, mate.id, 'task.assigned')).toEqual([]);
    // Another instance (or this one restarted) polls once the lease has run out.
    const restarted = runtimeFor(t, eventHandlers);
    expect(await restarted.runDue()).toBe(0); // still leased to the instance that recorded it
    await t.db.execute(
      sql`UPDATE domain_events SET next_attempt_at = now() WHERE handled_at IS NULL`,
    );
    expect(await restarted.runDue()).toBe(1);
    expect((await noticesOf(t.db, mate.id, 'task.assigned'))[0]?.title).toBe(
      'Pia PI gave you a task',
    );
  });

  it('e-mails a stage change at once: the mail is at the SMTP server within seconds, not at the next five-minute run', async () => {
    const smtp = await startFakeSmtp();
    const mailing = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      OUTBOX_POLL_MS: '60000',
    });
    try {
      mailing.app.outbox.start();
      const { pi, applicationId, call } = await team(mailing.app, mailing.db);
      const mate = (
        await queryRows<{ email: string }>(
          mailing.db,
          sql`SELECT u.email FROM users u JOIN application_members m ON m.user_id = u.id WHERE m.application_id = ${applicationId}`,
        )
      )[0]!;
      const before = smtp.messages.length;
      const started = Date.now();
      expect(
        (
          await call(pi, 'PATCH', `/api/v1/applications/${applicationId}`, {
            status: 'internal_review',
          })
        ).statusCode,
      ).toBe(200);
      while (
        !smtp.messages.slice(before).some((m) => m.includes(mate.email)) &&
        Date.now() - started < 10_000
      )
        await sleep(20);
      const took = Date.now() - started;
      console.info(
        `instant e-mail of a stage change: at the SMTP server ${took} ms after the change`,
      );
      expect(smtp.messages.slice(before).some((m) => m.includes(mate.email))).toBe(true);
      expect(took).toBeLessThan(10_000);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });

  it('runs each reaction once when two instances poll the same events at once', async () => {
    if (!usingPostgres) return; // One process holds an embedded database: one poller.
    const pair = await createTestAppPair();
    try {
      const { mate, applicationId } = await team(pair.a.app, pair.a.db);
      const [application] = await queryRows<{ data: unknown }>(
        pair.a.db,
        sql`SELECT data->'application' AS data FROM domain_events WHERE type = 'team.member_invited'`,
      );
      expect(application).toBeDefined();
      // Thirty invitations' events, due now, waiting for whichever instance polls first.
      await pair.a.db.execute(sql`
        INSERT INTO domain_events (type, data, next_attempt_at)
        SELECT 'team.member_invited',
               jsonb_build_object('by', jsonb_build_object('id', gen_random_uuid(), 'name', 'Someone ' || i),
                                  'application', ${JSON.stringify(application!.data)}::jsonb,
                                  'inviteeId', ${mate.id}::text, 'role', 'contributor'),
               now()
        FROM generate_series(1, 30) AS i`);
      const runs = new Map<string, number>();
      const counting = (instance: string): EventHandler[] =>
        eventHandlers.map((h) => ({
          ...h,
          handle: async (...args: Parameters<EventHandler['handle']>) => {
            if (h.name === 'notifications.team_invitation') runs.set(instance, (runs.get(instance) ?? 0) + 1);
            return h.handle(...args);
          },
        }));
      const a = runtimeFor(pair.a, counting('a'));
      const b = runtimeFor(pair.b, counting('b'));
      const drain = async (runner: typeof a) => {
        while ((await runner.runDue()) > 0);
      };
      await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
      expect((runs.get('a') ?? 0) + (runs.get('b') ?? 0)).toBe(30);
      const invitations = await noticesOf(pair.a.db, mate.id, 'team.invitation');
      expect(invitations).toHaveLength(31); // the real invitation, and the thirty
      const [left] = await queryRows<{ n: number }>(
        pair.a.db,
        sql`SELECT count(*)::int AS n FROM domain_events WHERE handled_at IS NULL`,
      );
      expect(left!.n).toBe(0);
      expect(applicationId).toBeTruthy();
    } finally {
      await pair.close();
    }
  });
});
