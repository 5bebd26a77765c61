// The inputs a security probe turned into 500s (issue 9) now answer 400
// validation_failed naming the field, and store nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeUser, sessionCookie } from '../test/factories';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await makeUser(t.db);
  cookie = await sessionCookie(t.db, user.id);
});
afterAll(() => t.close());

const count = async (
  table: 'contact_requests' | 'demo_requests' | 'saved_searches' | 'conversations',
) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
    )
  )[0]!.n;

type Request = {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, string>;
  payload?: object;
};

async function refused(request: Request, field: string) {
  const res = await t.app.inject({ ...request, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().code).toBe('validation_failed');
  expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
}

describe('input a database cannot take', () => {
  it('a NUL in a lead form', async () => {
    const before = await count('contact_requests');
    await refused(
      {
        method: 'POST',
        url: '/api/v1/contact-requests',
        payload: {
          firstName: 'Ada\u0000',
          lastName: 'L',
          email: 'ada@example.edu',
          university: 'MIT',
          message: 'hi',
        },
      },
      'firstName',
    );
    expect(await count('contact_requests')).toBe(before);
  });

  it('a NUL or unpaired surrogate in saved-search filter keys and values, a conversation name, a message clientId', async () => {
    const before = await count('saved_searches');
    await refused(
      {
        method: 'POST',
        url: '/api/v1/saved-searches',
        payload: { name: 'x', query: 'q', filters: { ['k\u0000']: 1 } },
      },
      'filters',
    );
    await refused(
      {
        method: 'POST',
        url: '/api/v1/saved-searches',
        payload: { name: 'x', query: 'q', filters: { q: '\uD800' } },
      },
      'filters.q',
    );
    expect(await count('saved_searches')).toBe(before);
    const conversations = await count('conversations');
    await refused(
      {
        method: 'POST',
        url: '/api/v1/conversations',
        payload: { type: 'group', name: 'Lab\u0000', memberIds: [] },
      },
      'name',
    );
    expect(await count('conversations')).toBe(conversations);
  });

  it('a NUL in a search, an agency or a people search', async () => {
    await refused(
      { method: 'GET', url: '/api/v1/grants/search', query: { q: 'coral\u0000' } },
      'query.q',
    );
    await refused(
      { method: 'GET', url: '/api/v1/grants/search', query: { agency: 'N\u0000SA' } },
      'query.agency',
    );
    await refused({ method: 'GET', url: '/api/v1/users', query: { q: '\u0000' } }, 'query.q');
    await refused(
      {
        method: 'POST',
        url: '/api/v1/search/chat',
        payload: { message: 'hi', context: { agency: '\u0000' } },
      },
      'context.agency',
    );
  });

  it('fractional, tiny and huge amounts', async () => {
    for (const amount of ['1.5', '1e-300', '1e308', '-1']) {
      await refused(
        { method: 'GET', url: '/api/v1/grants/search', query: { amountMin: amount } },
        'amountMin',
      );
    }
    const context = {
      keywords: [],
      keywordGroups: [],
      amountMin: 1e308,
      amountMax: null,
      dueFrom: null,
      dueTo: null,
      agency: null,
      matchProfile: false,
    };
    await refused(
      { method: 'POST', url: '/api/v1/search/chat', payload: { message: 'more', context } },
      'context.amountMin',
    );
  });

  it('dates that are no real day in a sane range', async () => {
    for (const day of ['0000-01-01', '2027-02-30', '9999-12-31']) {
      await refused(
        { method: 'GET', url: '/api/v1/grants/search', query: { dueFrom: day } },
        'dueFrom',
      );
    }
    const before = await count('demo_requests');
    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo-requests',
      payload: {
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.edu',
        university: 'MIT',
        phone: '(555)123-4567',
        role: 'Other',
        preferredDate: '0000-01-01T10:00',
      },
    });
    expect(demo.statusCode).toBe(400);
    expect(demo.json().errors.map((e: { path: string }) => e.path)).toContain('preferredDate');
    expect(await count('demo_requests')).toBe(before);
  });
});
