// A proposal the research office returns to drafting says why in the e-mail the
// PI gets (issue 30, item 4: "the reason is missing from the notification and
// the e-mail"), not only in the in-app notice: through the real route, the
// stage-change handler, the instant e-mail job, the outbox and an SMTP server.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';
import { startFakeSmtp, type FakeSmtp, decodeMail } from '../../../test/fake-smtp';

let t: TestApp;
let smtp: FakeSmtp;
let pi: TestPerson & { domain: string };
let office: TestPerson;
let piEmail: string;

const call = (who: TestPerson, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });


/** The messages sent to `email` once the outbox has sent them (the handler queues them as the request ends). */
async function mailTo(email: string, count: number) {
  for (let i = 0; i < 100; i++) {
    await t.app.outbox.drain();
    const found = smtp.messages.filter((m) => m.includes(`To: ${email}`));
    if (found.length >= count) return found.map(decodeMail);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${email}: ${smtp.messages.length} sent in all`);
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://gb.example.test' });
  pi = await makePerson(t.db, 'Pia Lead');
  office = await makePerson(t.db, 'Otto Office', 'admin', pi.domain);
  piEmail = (await queryRows<{ email: string }>(t.db, sql`SELECT email FROM users WHERE id = ${pi.id}`))[0]!.email;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the e-mail of a return to drafting', () => {
  it('tells the PI why, in the text and the HTML', async () => {
    const grant = await makeGrant(t.db, { title: 'Peatland methane flux', closeDate: '2031-06-01' });
    const id = (await call(pi, 'POST', '/api/v1/applications', { grantId: grant.id })).json().application.id as string;
    expect((await call(pi, 'PATCH', `/api/v1/applications/${id}`, { status: 'internal_review' })).statusCode).toBe(200);
    const reason = 'The budget justification omits the field station fees; add them and the two letters of collaboration.';
    const back = await call(office, 'PATCH', `/api/v1/applications/${id}`, { status: 'drafting', reason });
    expect(back.statusCode, back.body).toBe(200);

    const [mail] = await mailTo(piEmail, 1);
    expect(mail).toContain('Subject: “Peatland methane flux” moved back to drafting');
    // Once in the plain text and once in the HTML.
    const said = `Otto Office returned it to drafting: “${reason}”`;
    expect(mail!.split(said).length - 1).toBe(2);
    expect(mail).toContain(`https://gb.example.test/dashboard/applications/${id}`);
    // The office, who returned it, is not mailed about its own return.
    const officeEmail = (await queryRows<{ email: string }>(t.db, sql`SELECT email FROM users WHERE id = ${office.id}`))[0]!.email;
    expect(smtp.messages.filter((m) => m.includes(`To: ${officeEmail}`) && decodeMail(m).includes('moved back to drafting'))).toEqual([]);
  });
});
