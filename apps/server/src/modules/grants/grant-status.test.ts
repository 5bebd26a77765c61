// The status rule and the SQL that mirrors it: every SQL form gives the
// function's answer over a table of kinds and dates, on the real database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantStatuses, type GrantStatus } from '@grantbridge/contract/grants';
import { openTestDatabase } from '../../../test/test-app';
import { queryRows, type Database, type Db } from '../../db/client';
import { grants } from '../../db/schema/grants';
import { grantStatusFor, type StatusDates } from './grant-status';
import { grantStatusCondition, grantStatusSql } from './grant-status.repository';
import { shiftGrantDates } from './grants.repository';

describe('status from dates', () => {
  const today = '2026-06-15';
  it('follows the record kind and its dates', () => {
    expect(
      grantStatusFor({ recordKind: 'forecast', closeDate: '2026-09-01', archiveDate: null }, today),
    ).toBe('forecasted');
    expect(
      grantStatusFor({ recordKind: 'forecast', closeDate: null, archiveDate: null }, today),
    ).toBe('forecasted');
    // A forecast whose estimated due date went by is no longer open.
    expect(
      grantStatusFor({ recordKind: 'forecast', closeDate: '2020-01-01', archiveDate: null }, today),
    ).toBe('closed');
    expect(
      grantStatusFor({ recordKind: 'synopsis', closeDate: null, archiveDate: null }, today),
    ).toBe('posted');
    expect(
      grantStatusFor({ recordKind: 'synopsis', closeDate: today, archiveDate: null }, today),
    ).toBe('posted');
    expect(
      grantStatusFor(
        { recordKind: 'synopsis', closeDate: '2026-06-14', archiveDate: '2026-07-14' },
        today,
      ),
    ).toBe('closed');
    expect(
      grantStatusFor(
        { recordKind: 'synopsis', closeDate: '2026-04-01', archiveDate: '2026-05-01' },
        today,
      ),
    ).toBe('archived');
  });
});

describe('the SQL forms of the status rule', () => {
  const today = '2026-06-15';
  const days = [null, '2026-06-14', today, '2026-06-16'];
  const cases: (StatusDates & { key: string })[] = [];
  for (const recordKind of ['synopsis', 'forecast'] as const) {
    for (const closeDate of days) {
      for (const archiveDate of days)
        cases.push({ key: `case-${cases.length}`, recordKind, closeDate, archiveDate });
    }
  }
  const expected = new Map(cases.map((c) => [c.key, grantStatusFor(c, today)]));

  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await db.insert(grants).values(
      cases.map((c) => ({
        sourceKey: c.key,
        opportunityNumber: c.key,
        title: c.key,
        recordKind: c.recordKind,
        closeDate: c.closeDate,
        archiveDate: c.archiveDate,
        // Deliberately wrong, so the shift below must recompute every one.
        status: 'archived' as const,
      })),
    );
  });
  afterAll(() => database.close());

  const rowsOf = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);

  it('covers every status', () => {
    expect(new Set(expected.values())).toEqual(new Set(grantStatuses));
  });

  it('reads the status the function gives', async () => {
    const found = await rowsOf<{ source_key: string; status: GrantStatus }>(
      sql`SELECT source_key, ${grantStatusSql(sql`${today}::date`)} AS status FROM grants`,
    );
    expect(new Map(found.map((r) => [r.source_key, r.status]))).toEqual(expected);
  });

  it('filters by any set of statuses as the function sorts them', async () => {
    const subsets = Array.from({ length: 2 ** grantStatuses.length - 1 }, (_, mask) =>
      grantStatuses.filter((_, i) => (mask + 1) & (1 << i)),
    );
    for (const statuses of [...subsets, ['posted', 'forecasted'] as GrantStatus[]]) {
      const found = await rowsOf<{ source_key: string }>(
        sql`SELECT source_key FROM grants WHERE ${grantStatusCondition(statuses, today)} ORDER BY source_key`,
      );
      const wanted = cases.filter((c) => statuses.includes(expected.get(c.key)!)).map((c) => c.key);
      expect(
        found.map((r) => r.source_key),
        statuses.join(','),
      ).toEqual(wanted.sort());
    }
  });

  it('stores the status the function gives when the demo shift recomputes it', async () => {
    await shiftGrantDates(db, 0, today);
    const stored = await rowsOf<{ source_key: string; status: GrantStatus }>(
      sql`SELECT source_key, status FROM grants`,
    );
    expect(new Map(stored.map((r) => [r.source_key, r.status]))).toEqual(expected);
  });
});
