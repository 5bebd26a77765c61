// The demo's funding newsletter: sent to everyone at Example State University
// with real open grants of the shipped catalogue, with a few grants opened
// from it, loaded once; the office's counts and a researcher's reading view show it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from '../../test/demo-app';
import type { TestApp } from '../../test/test-app';
import { sessionCookie } from '../../test/factories';
import { queryRows } from '../db/client';
import { demoNewsletterTitle, loadDemoNewsletters } from './newsletters-seed';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp();
}, 300_000);
afterAll(() => t.close());

const cookieOf = async (email: string) => {
  const [row] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE email = ${email}`);
  return sessionCookie(t.db, row!.id);
};

describe('the demo newsletter', () => {
  it('is sent to everyone with real open grants and opened a few times, loaded once', async () => {
    expect(await loadDemoNewsletters(t.db, t.config)).toBe(true);
    expect(await loadDemoNewsletters(t.db, t.config)).toBe(false);
    const cookie = await cookieOf('admin@example.edu');
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/newsletters', headers: { cookie } })).json();
    expect(list.newsletters).toHaveLength(1);
    const [newsletter] = list.newsletters;
    expect(newsletter).toMatchObject({ title: demoNewsletterTitle, status: 'sent', audience: { kind: 'everyone' } });
    expect(newsletter.recipients).toBeGreaterThan(3);
    const stats = (await t.app.inject({ method: 'GET', url: `/api/v1/admin/newsletters/${newsletter.id}/stats`, headers: { cookie } })).json();
    expect(stats).toMatchObject({ clicks: 6, people: 4 });
    expect(stats.grants.length).toBeGreaterThanOrEqual(6);
    expect(newsletter.sources).toEqual([expect.objectContaining({ name: 'Climate and environment', query: 'climate' })]);
    // Real grants of the catalogue, open, each with its agency and amount.
    const read = (await t.app.inject({ method: 'GET', url: `/api/v1/newsletters/${newsletter.id}`, headers: { cookie: await cookieOf('researcher@example.edu') } })).json();
    expect(read.grants.length).toBe(stats.grants.length);
    const sentDay = read.sentAt.slice(0, 10);
    const searched = read.grants.filter((g: { fromSearch: string | null }) => g.fromSearch);
    expect(searched.length).toBeGreaterThan(0);
    for (const grant of searched) {
      expect(grant.fromSearch).toBe('Climate and environment');
      expect(grant.closeDate === null || grant.closeDate >= sentDay).toBe(true);
    }
    for (const grant of read.grants.filter((g: { fromSearch: string | null }) => !g.fromSearch)) {
      expect(grant.agency).toBeTruthy();
      expect(grant.awardCeiling).toBeGreaterThanOrEqual(50_000);
      expect(grant.closeDate > new Date().toISOString().slice(0, 10)).toBe(true);
    }
    // No e-mail went to the fictional people.
    const [queued] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM email_outbox WHERE subject = ${demoNewsletterTitle}`);
    expect(queued!.n).toBe(0);
  }, 120_000);
});
