// Alerts that come with imports and with time, through the real importer, a
// real SMTP conversation and the due-work run `jobs:run-due` makes: saved
// searches matched once however often a file is imported, "what changed"
// notices, instant and digest e-mails at the person's hour with one-click
// unsubscribe, deadline reminders at the chosen lead times, and, on
// PostgreSQL, two instances sending each digest once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { importGrantsExtract } from '../grants/import/import-extract';
import { base, extract, record } from '../grants/import/test-extracts';
import { createTestApp, createTestAppPair, usingPostgres, type TestApp } from '../../../test/test-app';
import { makePerson, type TestPerson } from '../../../test/factories';
import { startFakeSmtp, type FakeSmtp, decodeMail } from '../../../test/fake-smtp';
import { runDueWork } from './due-work';
import { processGrantChanges } from './grant-alerts';

let t: TestApp;
let smtp: FakeSmtp;
let dir: string;
let ana: TestPerson & { domain: string };
let ben: TestPerson;

const call = (who: TestPerson | undefined, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const run = (at: Date) => runDueWork({ db: t.db, bus: t.app.realtime, config: t.app.config, log: t.app.log }, at);
const kinds = async (who: TestPerson, kind: string) =>
  ((await call(who, 'GET', '/api/v1/notifications?limit=100')).json().items as { kind: string; title: string; body: string }[]).filter((n) => n.kind === kind);
const importFile = (name: string, ...records: string[]) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, extract(...records));
  return importGrantsExtract(t.db, file, { today: '2026-11-25' });
};
const mailTo = (who: TestPerson & { email?: string }, email: string) => smtp.messages.filter((m) => m.includes(`To: ${email}`));
const emailOf = async (id: string) => (await queryRows<{ email: string }>(t.db, sql`SELECT email FROM users WHERE id = ${id}`))[0]!.email;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://gb.example.test' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-alerts-'));
  ana = await makePerson(t.db, 'Ana Alert');
  ben = await makePerson(t.db, 'Ben Digest', 'researcher', ana.domain);
  // Ana hears about watershed restoration at once; Ben about watershed research in his daily digest, at 07:00 in New York.
  await call(ana, 'POST', '/api/v1/saved-searches', { name: 'Watersheds', query: 'watershed restoration', filters: {}, alertCadence: 'instant' });
  await call(ben, 'POST', '/api/v1/saved-searches', { name: 'Nutrients', query: 'watershed research', filters: {}, alertCadence: 'daily' });
  const prefs = (await call(ben, 'GET', '/api/v1/notification-preferences')).json();
  await call(ben, 'PUT', '/api/v1/notification-preferences', { ...prefs, digestHour: 7, timeZone: 'America/New_York' });
  await processGrantChanges(t.db, t.app.realtime); // the catalogue so far is not news
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('after an import', () => {
  it('matches new grants to saved searches once, however often the file is imported', async () => {
    const file = [record(base('9001', { CloseDate: '09302027' })), record(base('9002', { OpportunityTitle: 'Coral reef genomics', Description: 'Reef genomes.', CloseDate: '09302027' }))];
    expect((await importFile('new.xml', ...file)).inserted).toBe(2);
    const first = await run(new Date());
    expect(first.alerts).toBe(2);
    expect(await kinds(ana, 'saved_search.match')).toMatchObject([{ title: 'New match for “Watersheds”: Watershed restoration research 9001' }]);
    expect(await kinds(ben, 'saved_search.match')).toMatchObject([{ title: 'New match for “Nutrients”: Watershed restoration research 9001' }]);
    expect((await importFile('again.xml', ...file)).unchanged).toBe(2);
    expect((await run(new Date())).alerts).toBe(0);
    expect(await kinds(ana, 'saved_search.match')).toHaveLength(1);
  });

  it('says what changed on a grant someone saved, old → new, once', async () => {
    const grant = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM grants WHERE source_key = '9002'`))[0]!;
    await call(ben, 'PUT', `/api/v1/grants/${grant.id}/bookmark`, {});
    const moved = record(base('9002', { OpportunityTitle: 'Coral reef genomics', Description: 'Reef genomes.', CloseDate: '10312027', LastUpdatedDate: '02012026', AwardCeiling: '400000' }));
    expect((await importFile('moved.xml', moved)).updated).toBe(1);
    await run(new Date());
    await importFile('moved-again.xml', moved);
    await run(new Date());
    const changed = await kinds(ben, 'saved_grant.changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.title).toBe('“Coral reef genomics” changed');
    expect(changed[0]!.body).toContain('Closing date:');
    expect(changed[0]!.body).toMatch(/Award ceiling: \$250,000 → \$400,000/);
    expect(await kinds(ana, 'saved_grant.changed')).toHaveLength(0);
  });
});

describe('e-mail', () => {
  it('sends an instant alert with HTML and text parts and a one-click unsubscribe that keeps the saved search', async () => {
    await t.app.outbox.drain();
    const email = await emailOf(ana.id);
    const [message] = mailTo(ana, email);
    expect(message).toBeDefined();
    const text = decodeMail(message!);
    expect(text).toMatch(/Subject: New match for/);
    expect(text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(text).toContain('Content-Type: text/html');
    expect(text).toContain('Content-Type: text/plain');
    const url = text.match(/List-Unsubscribe:\s*<(https:\/\/gb\.example\.test\/api\/v1\/unsubscribe\/[A-Za-z0-9_-]+)>/)![1]!;
    const tokenPath = url.replace('https://gb.example.test', '');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: tokenPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ description: 'alerts for your saved search “Watersheds”', unsubscribed: true });
    const searches = (await call(ana, 'GET', '/api/v1/saved-searches')).json().savedSearches;
    expect(searches).toMatchObject([{ name: 'Watersheds', alertCadence: 'off' }]);
    // Opened in a browser, the link goes to the page; the page can turn it back on.
    const opened = await t.app.inject({ method: 'GET', url: tokenPath });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(/^\/unsubscribe\//);
    expect((await t.app.inject({ method: 'POST', url: tokenPath, payload: { action: 'resubscribe' } })).json().unsubscribed).toBe(false);
    expect((await call(ana, 'GET', '/api/v1/saved-searches')).json().savedSearches[0].alertCadence).toBe('instant');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/unsubscribe/not-a-real-token-at-all', payload: {} });
    expect(unknown.statusCode, unknown.body).toBe(404);
  });

  it('sends one daily digest at the person’s hour, and none again for the same day', async () => {
    const email = await emailOf(ben.id);
    const before = mailTo(ben, email).length;
    // 06:30 in New York on the next day: not yet his hour, unless yesterday's slot was never sent.
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const day = tomorrow.toISOString().slice(0, 10);
    const atHour = new Date(`${day}T12:05:00Z`); // 07:05 EST
    expect((await run(atHour)).digests).toBe(1);
    expect((await run(atHour)).digests).toBe(0);
    await t.app.outbox.drain();
    const digests = mailTo(ben, email).slice(before);
    expect(digests).toHaveLength(1);
    const text = decodeMail(digests[0]!);
    expect(text).toMatch(/Subject: Your daily GrantBridge digest: \d+ update/);
    expect(text).toContain('Saved search matches');
    expect(text).toContain('List-Unsubscribe=One-Click');
  });
});

describe('reminders', () => {
  it('reminds of a saved grant’s deadline at the nearest lead time it has come within, once each', async () => {
    const grant = (await queryRows<{ id: string; close_date: string }>(t.db, sql`SELECT id, to_char(close_date, 'YYYY-MM-DD') AS close_date FROM grants WHERE source_key = '9001'`))[0]!;
    await call(ana, 'PUT', `/api/v1/grants/${grant.id}/bookmark`, {});
    const close = Date.parse(`${grant.close_date}T15:00:00Z`);
    const tenDaysBefore = new Date(close - 10 * 86_400_000);
    await run(tenDaysBefore);
    await run(tenDaysBefore);
    let reminders = await kinds(ana, 'deadline.reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.title).toMatch(/^Saved grant closes in 10 days: Watershed restoration research 9001/);
    await run(new Date(close - 2 * 86_400_000));
    reminders = await kinds(ana, 'deadline.reminder');
    expect(reminders.map((r) => r.title)).toEqual([
      expect.stringMatching(/^Saved grant closes in 2 days/),
      expect.stringMatching(/^Saved grant closes in 10 days/),
    ]);
  });
});

describe('several instances on one PostgreSQL', () => {
  it('send each digest once when both run at the same time', async () => {
    if (!usingPostgres) return; // One process on PGlite: the tests above cover it.
    const pair = await createTestAppPair();
    try {
      const person = await makePerson(pair.a.db, 'Dee Double');
      await queryRows(
        pair.a.db,
        sql`INSERT INTO notifications (user_id, kind, title, body, link, email) VALUES (${person.id}, 'task.assigned', 'A task', 'Body', '/dashboard/grants', 'daily')`,
      );
      const at = new Date(Date.now() + 2 * 86_400_000);
      const ctx = (app: TestApp) => ({ db: app.db, bus: app.app.realtime, config: app.app.config, log: app.app.log });
      const [a, b] = await Promise.all([runDueWork(ctx(pair.a), at), runDueWork(ctx(pair.b), at)]);
      expect(a.digests + b.digests).toBe(1);
      const [queued] = await queryRows<{ n: number }>(pair.a.db, sql`SELECT count(*)::int AS n FROM email_outbox WHERE subject LIKE 'Your daily%'`);
      expect(queued!.n).toBe(1);
    } finally {
      await pair.close();
    }
  });
});
