// Password reset end to end through a real SMTP conversation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeUser, sessionCookie } from '../../../test/factories';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fake-smtp';

let t: TestApp;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://gb.example.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ask = (email: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email }, remoteAddress: ip });
const confirm = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: { token, password } });

async function linkFor(to: string) {
  await t.app.outbox.drain();
  const message = smtp.messages.filter((m) => m.includes(`To: ${to}`)).at(-1);
  if (!message) return null;
  const text = message.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return decodeURIComponent(text.match(/\/reset-password\?token=([A-Za-z0-9_%-]+)/)![1]!);
}

describe('password reset', () => {
  it('answers 202 whatever the address, and e-mails only a real account', async () => {
    const unknown = await ask('nobody@nowhere.example.org');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ accepted: true });
    expect(await linkFor('nobody@nowhere.example.org')).toBeNull();
  });

  it('sets the new password, ends every session, and works once', async () => {
    const { user, email } = await makeUser(t.db);
    const cookie = await sessionCookie(t.db, user.id);
    expect((await ask(email, '10.0.0.2')).statusCode).toBe(202);
    const token = (await linkFor(email))!;
    expect(token).toBeTruthy();

    expect((await confirm(token, 'short')).statusCode).toBe(400);
    const weak = await confirm(token, 'password12');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ path: 'password', message: expect.stringContaining('too easy to guess') });
    const done = await confirm(token, 'a brand new password');
    expect(done.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'a brand new password', role: 'researcher' },
    });
    expect(signIn.statusCode).toBe(200);

    const again = await confirm(token, 'yet another password');
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('token_used');
  });

  it('ends an older link when a newer one is used, and every link when the password changes in Settings (issue 27)', async () => {
    const { email } = await makeUser(t.db);
    await ask(email, '10.0.0.5');
    const older = (await linkFor(email))!;
    await ask(email, '10.0.0.5');
    const newer = (await linkFor(email))!;
    expect(newer).not.toBe(older);
    expect((await confirm(newer, 'a brand new password')).statusCode).toBe(204);
    const stale = await confirm(older, 'someone else took over');
    expect(stale.statusCode).toBe(410);
    expect(stale.json().code).toBe('token_used');

    // A link asked for before the password changes in Settings stops working with the change.
    await ask(email, '10.0.0.6');
    const pending = (await linkFor(email))!;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'a brand new password', role: 'researcher' },
    });
    const cookie = `gb_session=${signIn.cookies.find((c) => c.name === 'gb_session')!.value}`;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: { cookie },
      payload: { currentPassword: 'a brand new password', newPassword: 'settings changed it' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(pending, 'an old link tries')).statusCode).toBe(410);
  });

  it('refuses an expired link with 410 and an unknown one with 404', async () => {
    const { email } = await makeUser(t.db);
    await ask(email, '10.0.0.3');
    const token = (await linkFor(email))!;
    await t.db.execute(sql`update password_resets set expires_at = now() - interval '1 second'`);
    const late = await confirm(token, 'a brand new password');
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('token_expired');
    expect((await confirm('made-up', 'a brand new password')).statusCode).toBe(404);
  });

  it('limits requests per address and per IP', async () => {
    const { email } = await makeUser(t.db);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(email, `10.1.0.${i}`)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const fromOneIp = [];
    for (let i = 0; i < 21; i++) fromOneIp.push((await ask(`someone${i}@nowhere.example.org`, '10.2.0.1')).statusCode);
    expect(fromOneIp.at(-1)).toBe(429);
    expect(fromOneIp.slice(0, 20).every((s) => s === 202)).toBe(true);
  });
});
