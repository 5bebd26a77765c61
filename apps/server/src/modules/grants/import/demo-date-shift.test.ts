import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-app';
import type { Database } from '../../../db/client';
import { grants } from '../../../db/schema/grants';
import { addYears, shiftDemoGrantDates } from './demo-date-shift';

describe('addYears', () => {
  it('keeps the day, and moves 29 February to the 28th in a year without one', () => {
    expect(addYears('2024-03-15', 3)).toBe('2027-03-15');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2096-02-29', 4)).toBe('2100-02-28');
  });
});

describe('shiftDemoGrantDates', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('does nothing to an empty catalogue', async () => {
    expect(await shiftDemoGrantDates(database.db, '2026-11-22')).toEqual({ years: 0, shiftedAt: null });
  });

  it('opens about a third, the smaller shift winning a tie, and recomputes the statuses', async () => {
    // Open after 3 years: only the first (a third); after 5, two of three; after 7, all.
    const closes = ['2024-01-01', '2022-01-01', '2020-01-01'];
    await database.db.insert(grants).values(
      closes.map((closeDate, i) => ({
        sourceKey: `shift-${i}`,
        opportunityNumber: `SHIFT-${i}`,
        title: `Shift ${i}`,
        recordKind: 'synopsis' as const,
        status: 'closed' as const,
        closeDate,
      })),
    );
    const { years, shiftedAt } = await shiftDemoGrantDates(database.db, '2026-11-22');
    expect(years).toBe(3);
    expect(shiftedAt).toEqual(expect.any(String));
    const result = await database.db.execute(sql`SELECT close_date::text AS close, status FROM grants ORDER BY source_key`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { close: '2027-01-01', status: 'posted' },
      { close: '2025-01-01', status: 'closed' },
      { close: '2023-01-01', status: 'closed' },
    ]);
  });
});
