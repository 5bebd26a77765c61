// The demo researcher's Current and Pending Support: loaded once, after the
// demo applications; one current and one pending entry, with one value left
// missing so her profile lists it before the download.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from '../../test/demo-app';
import type { TestApp } from '../../test/test-app';
import { sessionCookie } from '../../test/factories';
import { queryRows } from '../db/client';
import { loadDemoApplications } from './pipeline-seed';
import { loadDemoCurrentPending, supportResearcher } from './current-pending-seed';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp({ applications: false });
}, 300_000);
afterAll(() => t.close());

describe('the demo Current and Pending Support', () => {
  it('waits for the demo applications, then loads once', async () => {
    expect(await loadDemoCurrentPending(t.db)).toBe(false);
    await loadDemoApplications(t.db);
    expect(await loadDemoCurrentPending(t.db)).toBe(true);
    expect(await loadDemoCurrentPending(t.db)).toBe(false);
  });

  it('gives the demo researcher a current and a pending entry, with one year of person-months missing', async () => {
    const [jordan] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE email = ${supportResearcher}`);
    const cookie = await sessionCookie(t.db, jordan!.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile/current-and-pending', headers: { cookie } });
    const { entries } = res.json();
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['current', 'pending']);
    expect(entries[0]).toMatchObject({ role: 'co_investigator', missing: [] });
    expect(['1R01GM150211-01', '2026-67013-41235', '2415873']).toContain(entries[0].awardNumber);
    expect(entries[0].amount).toBeGreaterThan(0);
    expect(entries[1].role).toBe('senior_key');
    const lastYear = entries[1].personMonths.at(-1).year;
    expect(entries[1].missing).toEqual([{ field: 'personMonths', label: `person-months for ${lastYear}` }]);
    // The files carry both, whatever is missing.
    const docx = await t.app.inject({ method: 'GET', url: '/api/v1/profile/current-and-pending?format=docx', headers: { cookie } });
    expect(docx.statusCode).toBe(200);
    expect(docx.rawPayload.length).toBeGreaterThan(1000);
  });
});
