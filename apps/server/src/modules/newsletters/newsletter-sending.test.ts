// A newsletter's e-mails through the outbox to a real SMTP conversation: an
// HTML and a text part, the one-click unsubscribe headers (RFC 8058), grant
// links through the redirect and no pixel; kept for a retry while the mail
// server is down; scheduled ones sent once when their time comes; on PostgreSQL, two instances sending one newsletter at once
// queue its e-mails once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, createTestAppPair, usingPostgres, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';
import { closedPort, startFakeSmtp, type FakeSmtp } from '../../../test/fake-smtp';
import { sendDueNewsletters } from './newsletters.service';

let t: TestApp;
let smtp: FakeSmtp;
let admin: TestPerson & { domain: string };
let reader: TestPerson;
let grantId: string;

const call = (app: TestApp, who: TestPerson, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const outboxFor = async (app: TestApp, id: string) =>
  (await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM email_outbox WHERE text LIKE ${`%/dashboard/newsletters/${id}%`}`))[0]!.n;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://gb.example.test' });
  admin = await makePerson(t.db, 'Olive Office', 'admin');
  reader = await makePerson(t.db, 'Rita Reader', 'researcher', admin.domain);
  grantId = (await makeGrant(t.db, { title: 'Coastal resilience & "community" science', awardFloor: 50_000, awardCeiling: 150_000, closeDate: '2099-03-15' })).id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('a sent newsletter by e-mail', () => {
  it('arrives with an HTML and a text part, List-Unsubscribe headers and grant links through the redirect', async () => {
    const id = (await call(t, admin, 'POST', '/api/v1/admin/newsletters', { title: 'Coastal funding', intro: 'Read on.', audience: { kind: 'everyone' }, grantIds: [grantId] })).json().id;
    expect((await call(t, admin, 'POST', `/api/v1/admin/newsletters/${id}/send`)).statusCode).toBe(200);
    expect(await t.app.outbox.drain()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    const raw = smtp.messages[0]!.replace(/=\r?\n/g, '');
    const email = (await queryRows<{ email: string }>(t.db, sql`SELECT email FROM users WHERE id = ${reader.id}`))[0]!.email;
    expect(raw).toContain(`To: ${email}`);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    // Long headers are folded onto continuation lines.
    const headers = raw.split('\n\n')[0]!.replace(/\n[ \t]+/g, ' ');
    expect(headers).toMatch(/List-Unsubscribe: <https:\/\/gb\.example\.test\/api\/v1\/newsletters\/unsubscribe\/[\w-]+>/);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toContain(`https://gb.example.test/api/v1/newsletters/r/`);
    expect(raw).toContain(`/${grantId}`);
    expect(raw).not.toMatch(/<img/i);
    // The one-click address in the header works without a session.
    const token = /newsletters\/unsubscribe\/([\w-]+)>/.exec(headers)![1]!;
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/v1/newsletters/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toMatchObject({ unsubscribed: true });
    expect((await call(t, admin, 'GET', '/api/v1/admin/newsletters/audiences')).json().everyone).toBe(0);
    await t.app.inject({ method: 'POST', url: `/api/v1/newsletters/unsubscribe/${token}`, payload: { action: 'resubscribe' } });
  });

  it('sends a scheduled newsletter once when its time comes, and a cancelled one never', async () => {
    const make = async (title: string) => (await call(t, admin, 'POST', '/api/v1/admin/newsletters', { title, audience: { kind: 'everyone' }, grantIds: [grantId] })).json().id as string;
    const due = await make('Scheduled');
    const cancelled = await make('Cancelled');
    const at = new Date(Date.now() + 60_000).toISOString();
    await call(t, admin, 'PUT', `/api/v1/admin/newsletters/${due}/schedule`, { at });
    await call(t, admin, 'PUT', `/api/v1/admin/newsletters/${cancelled}/schedule`, { at });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/newsletters/${cancelled}/schedule`, headers: { cookie: admin.cookie } });
    expect(await sendDueNewsletters(t.db, t.config, new Date())).toBe(0);
    const later = new Date(Date.now() + 120_000);
    expect(await sendDueNewsletters(t.db, t.config, later)).toBe(1);
    expect(await sendDueNewsletters(t.db, t.config, later)).toBe(0);
    expect(await outboxFor(t, due)).toBe(1);
    expect(await outboxFor(t, cancelled)).toBe(0);
    expect((await call(t, admin, 'GET', `/api/v1/admin/newsletters/${due}`)).json()).toMatchObject({ status: 'sent', recipients: 1 });
  });
});

describe('with the mail server down', () => {
  it('keeps the e-mails in the outbox, pending and due again later', async () => {
    const port = await closedPort();
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://gb.example.test' });
    try {
      const office = await makePerson(down.db, 'Down Office', 'admin');
      await makePerson(down.db, 'Down Reader', 'researcher', office.domain);
      const grant = await makeGrant(down.db, { title: 'Grant while down' });
      const id = (await call(down, office, 'POST', '/api/v1/admin/newsletters', { title: 'While down', audience: { kind: 'everyone' }, grantIds: [grant.id] })).json().id;
      expect((await call(down, office, 'POST', `/api/v1/admin/newsletters/${id}/send`)).statusCode).toBe(200);
      expect(await down.app.outbox.drain()).toEqual({ sent: 0, failed: 1 });
      const [row] = await queryRows<{ status: string; attempts: number; due_later: boolean }>(
        down.db,
        sql`SELECT status, attempts, next_attempt_at > now() AS due_later FROM email_outbox WHERE text LIKE ${`%/dashboard/newsletters/${id}%`}`,
      );
      expect(row).toMatchObject({ status: 'pending', attempts: 1, due_later: true });
    } finally {
      await down.close();
    }
  }, 60_000);
});

describe('several instances on one PostgreSQL', () => {
  it('queue a newsletter once when both send it at the same time', async () => {
    if (!usingPostgres) return; // One process on PGlite: the tests above cover it.
    const pair = await createTestAppPair();
    try {
      const office = await makePerson(pair.a.db, 'Pat Pair', 'admin');
      for (const name of ['One', 'Two', 'Three']) await makePerson(pair.a.db, name, 'researcher', office.domain);
      const grant = await makeGrant(pair.a.db, { title: 'Shared grant' });
      const create = async (title: string) =>
        (await call(pair.a, office, 'POST', '/api/v1/admin/newsletters', { title, audience: { kind: 'everyone' }, grantIds: [grant.id] })).json().id as string;
      const now = await create('Sent from both');
      const answers = await Promise.all([
        call(pair.a, office, 'POST', `/api/v1/admin/newsletters/${now}/send`),
        call(pair.b, office, 'POST', `/api/v1/admin/newsletters/${now}/send`),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await outboxFor(pair.a, now)).toBe(3);
      const scheduled = await create('Scheduled on both');
      await call(pair.a, office, 'PUT', `/api/v1/admin/newsletters/${scheduled}/schedule`, { at: new Date(Date.now() + 60_000).toISOString() });
      const later = new Date(Date.now() + 120_000);
      const runs = await Promise.all([sendDueNewsletters(pair.a.db, pair.a.config, later), sendDueNewsletters(pair.b.db, pair.b.config, later)]);
      expect(runs[0] + runs[1]).toBe(1);
      expect(await outboxFor(pair.a, scheduled)).toBe(3);
    } finally {
      await pair.close();
    }
  }, 60_000);
});
