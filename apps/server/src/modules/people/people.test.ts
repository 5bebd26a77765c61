// Invitations end to end through a real SMTP conversation: an admin invites,
// the e-mailed link is previewed and accepted, the new person is signed in;
// resend, revoke, expiry; who may do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeInstitution, makePerson, type TestPerson } from '../../../test/factories';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fake-smtp';

let t: TestApp;
let smtp: FakeSmtp;
let admin: TestPerson & { domain: string };
let otherAdmin: TestPerson & { domain: string };
let researcher: TestPerson;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://gb.example.test' });
  admin = await makePerson(t.db, 'Ada Admin', 'admin');
  otherAdmin = await makePerson(t.db, 'Otto Other', 'admin');
  researcher = await makePerson(t.db, 'Rita Researcher', 'researcher', admin.domain);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const invite = (cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/invitations',
    payload,
    headers: cookie ? { cookie } : {},
  });

/** Sends what the outbox holds and answers the link of the newest message to `to`. */
async function mailedLink(to: string, path: string) {
  await t.app.outbox.drain();
  const message = smtp.messages.filter((m) => m.includes(`To: ${to}`)).at(-1);
  expect(message, `a message to ${to}`).toBeDefined();
  const text = message!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = text.match(new RegExp(`https://gb\\.example\\.test${path}\\?token=([A-Za-z0-9_%-]+)`));
  expect(match, 'a link in the message').not.toBeNull();
  return decodeURIComponent(match![1]!);
}

const preview = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
const accept = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/invitations/accept', payload });

describe('invitations', () => {
  it('e-mails a link that shows the invitation and, accepted, signs the new researcher in', async () => {
    const email = `newcomer@${admin.domain}`;
    const res = await invite(admin.cookie, { email, name: 'Nia Newcomer', department: 'Biology' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, status: 'pending' });
    expect(Date.parse(res.json().expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    const token = await mailedLink(email, '/accept-invite');
    const [stored] = await queryRows<{ token_hash: string }>(
      t.db,
      sql`select token_hash from invitations where email = ${email}`,
    );
    expect(stored!.token_hash).not.toContain(token);

    const shown = await preview(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ email, name: 'Nia Newcomer', role: 'researcher' });
    expect(shown.json().institution).toMatch(/^Test University/);

    const weak = await accept({ token, password: 'newcomer2024', name: 'Nia N. Newcomer' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ path: 'password', message: expect.stringContaining('too easy to guess') });
    const accepted = await accept({ token, password: 'a long new password', name: 'Nia N. Newcomer' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().user).toMatchObject({
      email,
      name: 'Nia N. Newcomer',
      role: 'researcher',
      department: 'Biology',
      setupComplete: false,
    });
    const cookie = accepted.cookies.find((c) => c.name === 'gb_session')!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { cookie: `gb_session=${cookie.value}` },
    });
    expect(me.json().user).toMatchObject({ email, setupComplete: false });
    // The institution's feed says who joined, linking to them.
    const feed = await t.app.inject({ method: 'GET', url: '/api/v1/feed', headers: { cookie: admin.cookie } });
    expect(feed.json().items[0]).toMatchObject({
      kind: 'event',
      content: expect.stringMatching(/^Nia N\. Newcomer joined /),
      event: { type: 'member.joined', subject: { kind: 'researcher', id: accepted.json().user.id } },
    });

    // Single use.
    expect((await preview(token)).json().code).toBe('invitation_used');
    const again = await accept({ token, password: 'another long password', name: 'Someone' });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('invitation_used');
  });

  it('makes an administrator when the invitation says so', async () => {
    const email = `second.admin@${admin.domain}`;
    expect((await invite(admin.cookie, { email, name: 'Sam Second', role: 'admin' })).statusCode).toBe(201);
    const token = await mailedLink(email, '/accept-invite');
    const accepted = await accept({ token, password: 'a long new password', name: 'Sam Second' });
    expect(accepted.json().user).toMatchObject({ role: 'admin', setupComplete: true });
  });

  it('refuses an address outside the institution and one that already has an account', async () => {
    const outside = await invite(admin.cookie, { email: 'someone@elsewhere.example.org', name: 'X' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().code).toBe('email_outside_institution');
    const [row] = await queryRows<{ email: string }>(t.db, sql`select email from users where id = ${researcher.id}`);
    const taken = await invite(admin.cookie, { email: row!.email.toUpperCase(), name: 'Rita' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('already_registered');
    expect(await count(sql`select count(*)::int as n from invitations where email = 'someone@elsewhere.example.org'`)).toBe(0);
  });

  it('accepts an address at a subdomain of the institution', async () => {
    const res = await invite(admin.cookie, { email: `lab.head@bio.${admin.domain}`, name: 'Lab Head' });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a subdomain another onboarded institution owns, one by one and from a CSV file (issue 27)', async () => {
    await makeInstitution(t.db, { domain: `riverside.${admin.domain}`, name: 'Riverside College', onboarded: true });
    const res = await invite(admin.cookie, { email: `dean@riverside.${admin.domain}`, name: 'Dean' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('email_outside_institution');
    expect(res.json().detail).toContain('is an address of Riverside College');
    const csv = `email,name\ndean@riverside.${admin.domain},Dean\nok.person@${admin.domain},Ok Person\n`;
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/researchers/import?dryRun=true',
      headers: { cookie: admin.cookie, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().errors).toEqual([
      { line: 2, reason: expect.stringMatching(new RegExp(`^dean@riverside\\.${admin.domain.replace(/\./g, '\\.')} is an address of Riverside College, not of `)) },
    ]);
    expect(await count(sql`select count(*)::int as n from invitations where email like 'dean@riverside.%'`)).toBe(0);
  });

  it('resends rather than duplicating a pending invitation; only the newest link works', async () => {
    const email = `twice@${admin.domain}`;
    const first = await invite(admin.cookie, { email, name: 'Tia Twice' });
    const oldToken = await mailedLink(email, '/accept-invite');
    const second = await invite(admin.cookie, { email, name: 'Tia Twice' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, sentCount: 2 });
    expect(await count(sql`select count(*)::int as n from invitations where email = ${email}`)).toBe(1);
    const newToken = await mailedLink(email, '/accept-invite');
    expect(newToken).not.toBe(oldToken);
    expect((await preview(oldToken)).statusCode).toBe(404);
    expect((await preview(newToken)).statusCode).toBe(200);

    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/invitations/${first.json().id}/resend`,
      headers: { cookie: admin.cookie },
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().sentCount).toBe(3);
  });

  it('answers 410 for a withdrawn or expired invitation and 404 for an unknown link', async () => {
    const revokedEmail = `revoked@${admin.domain}`;
    const created = await invite(admin.cookie, { email: revokedEmail, name: 'Rev Oked' });
    const token = await mailedLink(revokedEmail, '/accept-invite');
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/invitations/${created.json().id}`,
      headers: { cookie: admin.cookie },
    });
    expect(revoke.statusCode).toBe(204);
    expect((await preview(token)).json()).toMatchObject({ status: 410, code: 'invitation_revoked' });

    const expiredEmail = `expired@${admin.domain}`;
    await invite(admin.cookie, { email: expiredEmail, name: 'Ex Pired' });
    const expiredToken = await mailedLink(expiredEmail, '/accept-invite');
    await t.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where email = ${expiredEmail}`);
    expect((await preview(expiredToken)).json()).toMatchObject({ status: 410, code: 'invitation_expired' });
    const late = await accept({ token: expiredToken, password: 'a long new password', name: 'Ex' });
    expect(late.json().code).toBe('invitation_expired');
    expect(await count(sql`select count(*)::int as n from users where email = ${expiredEmail}`)).toBe(0);

    expect((await preview('no-such-token')).json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('checks the password as settings do, and changes nothing when it is refused', async () => {
    const email = `short@${admin.domain}`;
    await invite(admin.cookie, { email, name: 'Short' });
    const token = await mailedLink(email, '/accept-invite');
    const res = await accept({ token, password: 'short', name: 'Short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect((await preview(token)).statusCode).toBe(200);
  });
});

describe('who may invite', () => {
  let invitationId: string;
  beforeAll(async () => {
    const res = await invite(admin.cookie, { email: `policy@${admin.domain}`, name: 'Pol Icy' });
    invitationId = res.json().id;
  });

  it('refuses the signed out (401) and researchers (403)', async () => {
    expect((await invite(undefined, { email: `x@${admin.domain}`, name: 'X' })).statusCode).toBe(401);
    const byResearcher = await invite(researcher.cookie, { email: `x@${admin.domain}`, name: 'X' });
    expect(byResearcher.statusCode).toBe(403);
    expect(byResearcher.json().code).toBe('forbidden');
  });

  it("answers 404 to another institution's admin for every invitation route", async () => {
    const headers = { cookie: otherAdmin.cookie };
    const resend = await t.app.inject({ method: 'POST', url: `/api/v1/admin/invitations/${invitationId}/resend`, headers });
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/invitations/${invitationId}`, headers });
    expect([resend.statusCode, revoke.statusCode]).toEqual([404, 404]);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/invitations', headers });
    expect(list.json().results.map((i: { id: string }) => i.id)).not.toContain(invitationId);
    // Nor can they invite someone at our domain.
    const outside = await invite(otherAdmin.cookie, { email: `y@${admin.domain}`, name: 'Y' });
    expect(outside.json().code).toBe('email_outside_institution');
  });

  it('ignores a role, institution or status in the body it does not name', async () => {
    const email = `sneaky@${admin.domain}`;
    const res = await invite(admin.cookie, { email, name: 'Sneaky', institutionId: otherAdmin.id, status: 'accepted' });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('pending');
  });
});

async function count(query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ n: number }>(t.db, query);
  return row!.n;
}
