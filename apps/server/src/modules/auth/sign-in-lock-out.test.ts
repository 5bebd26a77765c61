// Strangers cannot keep a person out of their account (decision 026): only the
// failing source is locked, the person gets in from elsewhere and from their
// own browser, and hears about the burst once, by e-mail through the outbox.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fake-smtp';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeUser } from '../../../test/factories';

let t: TestApp;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({
    LOGIN_MAX_FAILURES: '3',
    LOGIN_ADDRESS_MAX_FAILURES: '6',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const login = (payload: object, from: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { role: 'researcher', ...payload },
    remoteAddress: from,
    headers: cookie ? { cookie } : {},
  });

describe('sign-in under attack', () => {
  it('locks the attacker out, lets the person in from elsewhere and from their own browser, and tells them once', async () => {
    const { user, email, password } = await makeUser(t.db, { name: 'Robin' });
    // The person has signed in from their laptop before: it holds a device cookie.
    const earlier = await login({ email, password }, '192.0.2.50');
    expect(earlier.statusCode).toBe(200);
    const device = earlier.cookies.find((c) => c.name === 'gb_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    // A stranger guesses from one address: that address is locked for this e-mail, right password or not.
    for (let i = 0; i < 3; i++)
      expect((await login({ email, password: `guess-${i}` }, '203.0.113.7')).statusCode).toBe(401);
    const locked = await login({ email, password }, '203.0.113.7');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // More strangers elsewhere.
    for (let i = 0; i < 3; i++) await login({ email, password: `guess-${i}` }, '198.51.100.9');

    // The person from another network: slowed, not refused.
    expect((await login({ email, password }, '192.0.2.99')).statusCode).toBe(200);
    // The person's own browser, even behind the stranger's address: in at once.
    const mine = await login({ email, password }, '203.0.113.7', `gb_device=${device!.value}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user.id).toBe(user.id);

    // One e-mail for the burst, whatever the number of failures.
    const queued = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM email_outbox WHERE "to" = ${email} AND subject LIKE 'Failed sign-in%'`,
    );
    expect(queued[0]!.n).toBe(1);
    await t.app.outbox.drain();
    expect(smtp.messages.filter((m) => m.includes('Failed sign-in attempts')).length).toBe(1);
  }, 30_000);

  it('locks an address that fails for many e-mails', async () => {
    const { email, password } = await makeUser(t.db);
    const domain = email.split('@')[1];
    for (let i = 0; i < 6; i++) {
      const res = await login({ email: `nobody${i}@${domain}`, password: 'x-wrong-password' }, '203.0.113.66');
      expect(res.statusCode).toBe(401);
    }
    expect((await login({ email, password }, '203.0.113.66')).statusCode).toBe(429);
    expect((await login({ email, password }, '203.0.113.67')).statusCode).toBe(200);
  });
});
