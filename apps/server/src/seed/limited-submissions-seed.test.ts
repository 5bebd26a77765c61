// The demo's limited call: a real open grant of the shipped catalogue limited
// to two at the demo university, three pre-proposals with PDFs, two reviews,
// one selected with its application started; loaded once; another
// institution sees none of it.
import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from '../../test/demo-app';
import type { TestApp } from '../../test/test-app';
import { makePerson, sessionCookie } from '../../test/factories';
import { queryRows } from '../db/client';
import { demoProposers, loadDemoLimitedSubmissions, onePagePdf } from './limited-submissions-seed';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp();
}, 300_000);
afterAll(() => t.close());

describe('the demo limited call', () => {
  it('writes a real PDF', async () => {
    expect((await fileTypeFromBuffer(onePagePdf('Hello (world)')))?.mime).toBe('application/pdf');
  });

  it('is a real open grant limited to two, with three pre-proposals, two reviews and one selected; loaded once', async () => {
    expect(await loadDemoLimitedSubmissions(t.db)).toBe(true);
    expect(await loadDemoLimitedSubmissions(t.db)).toBe(false);
    const [admin] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE email = 'admin@example.edu'`);
    const cookie = await sessionCookie(t.db, admin!.id);
    const calls = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/limited-submissions', headers: { cookie } })).json().calls;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ cap: 2, placesTaken: 1, placesLeft: 1, preProposals: 3 });
    const [grant] = await queryRows<{ source_key: string }>(t.db, sql`SELECT source_key FROM grants WHERE id = ${calls[0].grant.id}`);
    expect(grant!.source_key.startsWith('test-')).toBe(false);
    const call = (await t.app.inject({ method: 'GET', url: `/api/v1/limited-submissions/${calls[0].id}`, headers: { cookie } })).json().call;
    expect(call.preProposals.map((p: { status: string }) => p.status).sort()).toEqual(['selected', 'submitted', 'submitted']);
    expect(call.preProposals.every((p: { files: unknown[] }) => p.files.length === 1)).toBe(true);
    const selected = call.preProposals.find((p: { status: string }) => p.status === 'selected');
    expect(selected.reviews).toHaveLength(2);
    expect(selected.averageScore).toBe(4.5);
    expect(selected.application).toMatchObject({ status: 'drafting' });
    expect(call.reviewers).toHaveLength(2);
    // A proposer sees the line on the grant page; another institution does not.
    const [proposer] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE email = ${demoProposers[1]}`);
    const proposerCookie = await sessionCookie(t.db, proposer!.id);
    const page = (await t.app.inject({ method: 'GET', url: `/api/v1/grants/${calls[0].grant.id}`, headers: { cookie: proposerCookie } })).json();
    expect(page.grant.viewer.limitedSubmission).toMatchObject({ cap: 2, placesLeft: 1, mine: { status: 'submitted' } });
    const stranger = await makePerson(t.db, 'Elsewhere');
    const theirs = (await t.app.inject({ method: 'GET', url: `/api/v1/grants/${calls[0].grant.id}`, headers: { cookie: stranger.cookie } })).json();
    expect(theirs.grant.viewer.limitedSubmission).toBeNull();
  }, 120_000);
});
