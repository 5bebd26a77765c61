// A retried POST with the same Idempotency-Key stores nothing twice.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeUser, sessionCookie } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: 'contact_requests' | 'saved_searches') =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
    )
  )[0]!.n;

const lead = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.edu',
  university: 'MIT',
  message: 'Hello',
};
const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: '192.0.2.10' });

describe('Idempotency-Key', () => {
  it('answers a retried lead form with the first answer and stores it once', async () => {
    const before = await count('contact_requests');
    const first = await post('/api/v1/contact-requests', lead, { 'idempotency-key': 'lead-1' });
    expect(first.statusCode).toBe(201);
    const again = await post('/api/v1/contact-requests', lead, { 'idempotency-key': 'lead-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count('contact_requests')).toBe(before + 1);
    // Without a key, or with another one, it is a new request.
    expect(
      (await post('/api/v1/contact-requests', lead, { 'idempotency-key': 'lead-2' })).headers[
        'idempotent-replayed'
      ],
    ).toBeUndefined();
    expect(await count('contact_requests')).toBe(before + 2);
  });

  it('refuses the same key for another request, and a bad key', async () => {
    await post('/api/v1/contact-requests', lead, { 'idempotency-key': 'lead-3' });
    const other = await post(
      '/api/v1/contact-requests',
      { ...lead, message: 'Different' },
      { 'idempotency-key': 'lead-3' },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    const long = await post('/api/v1/contact-requests', lead, {
      'idempotency-key': 'k'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
  });

  it('keeps each person’s keys apart, and says when the first request is still running', async () => {
    const a = await makeUser(t.db);
    const b = await makeUser(t.db);
    const cookieA = await sessionCookie(t.db, a.user.id);
    const cookieB = await sessionCookie(t.db, b.user.id);
    const before = await count('saved_searches');
    const body = { name: 'Coral', query: 'coral reef', filters: {} };
    const first = await post('/api/v1/saved-searches', body, {
      cookie: cookieA,
      'idempotency-key': 'save-1',
    });
    expect(first.statusCode).toBe(201);
    const retry = await post('/api/v1/saved-searches', body, {
      cookie: cookieA,
      'idempotency-key': 'save-1',
    });
    expect(retry.json()).toEqual(first.json());
    const otherPerson = await post('/api/v1/saved-searches', body, {
      cookie: cookieB,
      'idempotency-key': 'save-1',
    });
    expect(otherPerson.statusCode).toBe(201);
    expect(await count('saved_searches')).toBe(before + 2);

    await t.db.execute(
      sql`INSERT INTO idempotency_keys (scope, key, fingerprint) VALUES (${a.user.id}, 'busy', 'whatever')`,
    );
    const busy = await post('/api/v1/saved-searches', body, {
      cookie: cookieA,
      'idempotency-key': 'busy',
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('idempotency_in_progress');
  });
});
