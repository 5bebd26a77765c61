// The demo researcher near NIH's cap: five applications counted this year on
// real NIH grants of the shipped catalogue, loaded once, by allowed steps.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import { createDemoTestApp } from '../../test/demo-app';
import type { TestApp } from '../../test/test-app';
import { sessionCookie } from '../../test/factories';
import { queryRows } from '../db/client';
import { stepFor } from '../modules/applications/stages';
import { loadDemoSponsorCap, nearCapResearcher } from './sponsor-cap-seed';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp();
}, 300_000);
afterAll(() => t.close());

describe('the demo researcher near the NIH cap', () => {
  it('has five NIH applications counted this year, loaded once; the office lists them', async () => {
    expect(await loadDemoSponsorCap(t.db)).toBe(true);
    expect(await loadDemoSponsorCap(t.db)).toBe(false);
    const [pi] = await queryRows<{ id: string; institution_id: string }>(t.db, sql`SELECT id, institution_id FROM users WHERE email = ${nearCapResearcher}`);
    const [admin] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE email = 'admin@example.edu'`);
    const cookie = await sessionCookie(t.db, admin!.id);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/v1/admin/researchers/${pi!.id}`, headers: { cookie } })).json();
    const year = new Date().getUTCFullYear();
    expect(detail.sponsorCaps).toEqual([expect.objectContaining({ sponsor: 'NIH', used: 5, cap: 6, year, warn: true })]);
    const near = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/sponsor-caps', headers: { cookie } })).json();
    expect(near.researchers.map((r: { researcher: { id: string } }) => r.researcher.id)).toContain(pi!.id);
    // On real NIH research grants, each history a path the stage rules allow.
    const events = await queryRows<{ application_id: string; from_status: ApplicationStatus | null; to_status: ApplicationStatus; actor_is_pi: boolean; agency_code: string }>(
      t.db,
      sql`SELECT e.application_id, e.from_status, e.to_status, e.actor_id = a.user_id AS actor_is_pi, g.agency_code
      FROM application_events e JOIN applications a ON a.id = e.application_id JOIN grants g ON g.id = a.grant_id
      WHERE a.user_id = ${pi!.id} AND g.agency_code LIKE 'HHS-NIH%' AND a.status <> 'drafting' ORDER BY e.application_id, e.created_at`,
    );
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      if (e.from_status) expect(stepFor(e.from_status, e.to_status, [e.actor_is_pi ? 'pi' : 'admin'])).toBe('ok');
    }
  }, 120_000);
});
