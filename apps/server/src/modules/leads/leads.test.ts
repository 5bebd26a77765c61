import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { closedPort, startFakeSmtp } from '../../../test/fake-smtp';

const contact = {
  firstName: 'Ada',
  lastName: 'Byron',
  email: 'ada@example.org',
  university: 'University of California, Los Angeles',
  message: 'We would like to try GrantBridge in our research office.',
};

async function count(t: TestApp, table: 'contact_requests' | 'demo_requests' | 'email_outbox') {
  const [row] = await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from ${table}`));
  return row!.n;
}

describe('lead forms with the file transport', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LEADS_INBOX: 'leads@grantbridge.test', LEAD_RATE_LIMIT: '6' });
  });
  afterAll(() => t.close());

  it('stores a contact request and writes the e-mail to the inbox as an .eml file', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact-requests', payload: contact });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [stored] = await queryRows(t.db, sql`select * from contact_requests where id = ${id}`);
    expect(stored).toMatchObject({
      form_type: 'contact',
      first_name: 'Ada',
      university: contact.university,
    });
    expect(await t.app.outbox.drain()).toEqual({ sent: 1, failed: 0 });
    const dir = path.join(t.dataDir, 'outbox');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: leads@grantbridge.test');
    expect(eml).toContain('Reply-To: ada@example.org');
    expect(eml).toContain('New Contact Form Submission');
    expect(eml).toContain('We would like to try GrantBridge');
  });

  it('stores a get-started request with its optional phone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/get-started',
      payload: { ...contact, phone: '(555)123-4567' },
    });
    expect(res.statusCode).toBe(201);
    const [stored] = await queryRows(t.db, sql`select form_type, phone from contact_requests where id = ${res.json().id}`);
    expect(stored).toEqual({ form_type: 'get_started', phone: '(555)123-4567' });
  });

  it('stores a demo request with the preferred time', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo-requests',
      payload: {
        ...contact,
        message: undefined,
        phone: '(555)123-4567',
        role: 'Research Administrator',
        preferredDate: '2027-01-15T15:30:00.000Z',
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await queryRows<{ role: string; preferred_date: Date | string }>(
      t.db,
      sql`select role, preferred_date from demo_requests where id = ${res.json().id}`,
    );
    expect(row!.role).toBe('Research Administrator');
    expect(new Date(row!.preferred_date).toISOString()).toBe('2027-01-15T15:30:00.000Z');
  });

  it('rejects bad input with one entry per field and stores nothing', async () => {
    const before = await count(t, 'demo_requests');
    const outboxBefore = await count(t, 'email_outbox');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo-requests',
      payload: { firstName: '  ', email: 'nope', phone: '555-1234', role: 'Wizard', preferredDate: 'soon' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    const paths = body.errors.map((e: { path: string }) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.sort()).toEqual(['email', 'firstName', 'lastName', 'phone', 'preferredDate', 'role', 'university']);
    expect(await count(t, 'demo_requests')).toBe(before);
    expect(await count(t, 'email_outbox')).toBe(outboxBefore);
  });

  it('accepts but drops a request whose honeypot is filled', async () => {
    const before = await count(t, 'contact_requests');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact-requests',
      payload: { ...contact, website: 'http://spam.example' },
    });
    expect(res.statusCode).toBe(201);
    expect(await count(t, 'contact_requests')).toBe(before);
  });

  it('answers 413 payload_too_large for an oversized body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact-requests',
      payload: { ...contact, message: 'x'.repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('rate-limits each IP', async () => {
    let last = 0;
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/get-started',
        payload: contact,
        remoteAddress: '10.9.9.9',
      });
      last = res.statusCode;
      if (last === 429) {
        expect(res.json().code).toBe('rate_limited');
        break;
      }
    }
    expect(last).toBe(429);
  });
});

describe('lead e-mail through SMTP', () => {
  it('keeps the e-mail while the SMTP server is down and sends it once it is back', async () => {
    const port = await closedPort();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, LEADS_INBOX: 'leads@grantbridge.test' });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact-requests', payload: contact });
      expect(res.statusCode).toBe(201);
      expect(await t.app.outbox.drain()).toEqual({ sent: 0, failed: 1 });
      const [row] = await queryRows<Record<string, unknown>>(
        t.db,
        sql`select status, attempts, last_error, next_attempt_at > now() as later from email_outbox`,
      );
      expect(row).toMatchObject({ status: 'pending', attempts: 1, later: true });
      expect(String(row!.last_error)).toMatch(/ECONNREFUSED|connect/i);
      // Not due yet: backoff holds it back.
      expect(await t.app.outbox.drain()).toEqual({ sent: 0, failed: 0 });

      const smtp = await startFakeSmtp(port);
      try {
        await t.db.execute(sql`update email_outbox set next_attempt_at = now()`);
        expect(await t.app.outbox.drain()).toEqual({ sent: 1, failed: 0 });
        expect(smtp.messages).toHaveLength(1);
        expect(smtp.messages[0]).toContain('New Contact Form Submission');
        const [sent] = await queryRows(t.db, sql`select status, attempts from email_outbox`);
        expect(sent).toEqual({ status: 'sent', attempts: 2 });
      } finally {
        await smtp.close();
      }
    } finally {
      await t.close();
    }
  });
});
