// The yearly activity counts the database keeps (decision 040) give the
// dashboard's Professor Activity the same figures as counting the
// applications and saves of those fiscal years, through every kind of change
// a row can go through; migration 0035's fill of past rows agrees too, and
// the nightly check (applications/activity-years.ts) puts right rows that drifted.
// The triggers, the check and the count on read all read one statement of
// the rule, researcher_activity_facts() (decision 049): the kept rows equal
// the check's count afresh after every mix of changes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../db/client';
import { openTestDatabase } from '../../../test/test-app';
import { makeGrant, makeUser } from '../../../test/factories';
import { reconcileResearcherActivityYears } from '../applications/activity-years';
import { professorActivityByYears, professorActivityOnRead } from './overview.repository';
import { wholeFiscalYears, type Scope } from './period';

describe('wholeFiscalYears', () => {
  it('knows a run of whole fiscal years by the years they end in, and nothing else', () => {
    expect(wholeFiscalYears({ from: '2024-10-01', to: '2025-09-30' })).toEqual([2025, 2025]);
    expect(wholeFiscalYears({ from: '2021-10-01', to: '2025-09-30' })).toEqual([2022, 2025]);
    expect(wholeFiscalYears({ from: '2024-10-02', to: '2025-09-30' })).toBeNull();
    expect(wholeFiscalYears({ from: '2024-10-01', to: '2025-09-29' })).toBeNull();
    expect(wholeFiscalYears({ from: '2025-10-01', to: '2025-09-30' })).toBeNull();
    expect(wholeFiscalYears({ from: '2025-01-01', to: '2025-12-31' })).toBeNull();
  });
});

let database: Database;
let db: Db;
let scope: Scope;
const people: Record<'ana' | 'ben' | 'cy', string> = { ana: '', ben: '', cy: '' };
const grants: string[] = [];
let domain = '';

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const first = await makeUser(db, { name: 'Ana' });
  domain = first.email.split('@')[1]!;
  people.ana = first.user.id;
  people.ben = (await makeUser(db, { name: 'Ben', domain })).user.id;
  people.cy = (await makeUser(db, { name: 'Cy', domain })).user.id;
  const [row] = await queryRows<{ institution_id: string }>(db, sql`SELECT institution_id FROM users WHERE id = ${people.ana}`);
  scope = { institutionId: row!.institution_id, department: null };
  await db.execute(sql`UPDATE users SET department = 'Biology' WHERE id IN (${people.ana}, ${people.cy})`);
  await db.execute(sql`UPDATE users SET department = 'Physics' WHERE id = ${people.ben}`);
  for (let i = 0; i < 6; i++) grants.push((await makeGrant(db)).id);
});
afterAll(() => database.close());

type Row = { user: keyof typeof people; grant: number; status: string; created: string; submitted?: string; awarded?: string };
async function insert(row: Row) {
  const [app] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO applications (user_id, grant_id, status, created_at, submitted_at, awarded_at)
      VALUES (${people[row.user]}, ${grants[row.grant]}, ${row.status}, ${row.created}, ${row.submitted ?? null}, ${row.awarded ?? null})
      RETURNING id`,
  );
  return app!.id;
}

const years = [2023, 2024, 2025, 2026];
const period = (year: number) => ({ from: `${year - 1}-10-01`, to: `${year}-09-30`, label: `FY${year}` });

/** Both ways of counting agree for every year and scope; returns the kept counts of `year` by name. */
async function agree(year: number) {
  for (const y of years) {
    for (const department of [null, 'Biology', 'Physics']) {
      const s = { ...scope, department };
      const kept = await professorActivityByYears(db, s, [y, y], 100);
      const counted = await professorActivityOnRead(db, s, period(y), 100);
      expect(kept, `FY${y} ${department ?? 'all'}`).toEqual(counted);
    }
  }
  const twoYears = await professorActivityByYears(db, scope, [2024, 2025], 100);
  expect(twoYears).toEqual(await professorActivityOnRead(db, scope, { from: '2023-10-01', to: '2025-09-30', label: '' }, 100));
  const rows = await professorActivityByYears(db, scope, [year, year], 100);
  return Object.fromEntries(rows.map((r) => [r.name, [r.started, r.submitted, r.awarded, r.saved]]));
}

/** The kept rows (but those all zero, which nothing counts) and what the nightly check counts afresh: equal when kept right. */
async function keptAndCounted() {
  const kept = await queryRows(
    db,
    sql`SELECT user_id, fiscal_year, started, submitted, awarded, saved FROM researcher_activity_years
      WHERE (started, submitted, awarded, saved) <> (0, 0, 0, 0) ORDER BY 1, 2`,
  );
  const counted = await queryRows(db, sql`SELECT * FROM researcher_activity_years_counted() ORDER BY 1, 2`);
  return { kept, counted };
}

async function expectKeptAsCounted(when: string) {
  const { kept, counted } = await keptAndCounted();
  expect(kept, when).toEqual(counted);
}

describe('researcher_activity_years', () => {
  let won: string;
  let lost: string;
  let draft: string;

  it('counts inserts by the fiscal year of each date, the last second of September in the year ending then', async () => {
    won = await insert({ user: 'ana', grant: 0, status: 'awarded', created: '2024-09-30T23:59:59Z', submitted: '2024-10-01T00:00:00Z', awarded: '2025-03-01T12:00:00Z' });
    lost = await insert({ user: 'ben', grant: 1, status: 'rejected', created: '2024-11-15T08:00:00Z', submitted: '2024-12-01T08:00:00Z' });
    draft = await insert({ user: 'cy', grant: 2, status: 'drafting', created: '2025-09-30T23:00:00Z' });
    await db.execute(sql`INSERT INTO saved_grants (user_id, grant_id, created_at) VALUES (${people.ana}, ${grants[3]}, '2025-01-05T00:00:00Z')`);
    // [started, submitted, awarded, saved] in FY2025.
    expect(await agree(2025)).toEqual({ Ana: [0, 1, 1, 1], Ben: [1, 1, 0, 0], Cy: [1, 0, 0, 0] });
    expect(await agree(2024)).toEqual({ Ana: [1, 0, 0, 0], Ben: [0, 0, 0, 0], Cy: [0, 0, 0, 0] });
  });

  it('follows stage changes, moved dates, a new PI, deletions and unsaves', async () => {
    await db.execute(sql`UPDATE applications SET status = 'rejected' WHERE id = ${won}`); // the award is taken back
    await db.execute(sql`UPDATE applications SET status = 'awarded', awarded_at = '2025-10-02T00:00:00Z' WHERE id = ${lost}`);
    await db.execute(sql`UPDATE applications SET user_id = ${people.ana}, submitted_at = '2023-05-05T00:00:00Z' WHERE id = ${draft}`);
    await db.execute(sql`UPDATE applications SET created_at = '2022-01-01T00:00:00Z' WHERE id = ${won}`);
    await db.execute(sql`UPDATE saved_grants SET created_at = '2026-02-02T00:00:00Z' WHERE user_id = ${people.ana}`);
    await db.execute(sql`INSERT INTO saved_grants (user_id, grant_id, created_at) VALUES (${people.cy}, ${grants[4]}, '2025-02-02T00:00:00Z')`);
    await db.execute(sql`UPDATE applications SET updated_at = now() WHERE id = ${lost}`); // no count moves
    expect(await agree(2025)).toEqual({ Ana: [1, 1, 0, 0], Ben: [1, 1, 0, 0], Cy: [0, 0, 0, 1] });
    expect(await agree(2026)).toEqual({ Ben: [0, 0, 1, 0], Ana: [0, 0, 0, 1], Cy: [0, 0, 0, 0] });
    await db.execute(sql`DELETE FROM saved_grants WHERE user_id = ${people.cy}`);
    await db.execute(sql`DELETE FROM applications WHERE id = ${draft}`);
    await db.execute(sql`DELETE FROM grants WHERE id = ${grants[1]}`); // Ben's award goes with its grant
    expect(await agree(2025)).toEqual({ Ana: [0, 1, 0, 0], Ben: [0, 0, 0, 0], Cy: [0, 0, 0, 0] });
    expect(await agree(2026)).toEqual({ Ana: [0, 0, 0, 1], Ben: [0, 0, 0, 0], Cy: [0, 0, 0, 0] });
    await expectKeptAsCounted('after the changes above');
  });

  it('keeps what the check counts afresh through statements of many rows, upserts and cascades', async () => {
    const dee = (await makeUser(db, { name: 'Dee', domain })).user.id;
    const eve = (await makeUser(db, { name: 'Eve', domain })).user.id;
    const [g1, g2, g3] = [(await makeGrant(db)).id, (await makeGrant(db)).id, (await makeGrant(db)).id];
    // Several rows in one statement each.
    await db.execute(sql`INSERT INTO applications (user_id, grant_id, status, created_at, submitted_at, awarded_at) VALUES
      (${dee}, ${g1}, 'submitted', '2024-03-01T00:00:00Z', '2024-09-30T23:59:59Z', NULL),
      (${dee}, ${g2}, 'awarded', '2024-11-01T00:00:00Z', '2024-12-01T00:00:00Z', '2025-06-01T00:00:00Z'),
      (${eve}, ${g3}, 'drafting', '2025-02-01T00:00:00Z', NULL, NULL)`);
    await db.execute(sql`INSERT INTO saved_grants (user_id, grant_id, created_at) VALUES
      (${dee}, ${g1}, '2024-05-05T00:00:00Z'), (${dee}, ${g3}, '2025-05-05T00:00:00Z'), (${eve}, ${g1}, '2023-01-01T00:00:00Z')`);
    await expectKeptAsCounted('inserts of many rows');
    // One update of many rows: the award taken back, the others won, every start moved a year earlier.
    await db.execute(sql`UPDATE applications SET status = CASE WHEN status = 'awarded' THEN 'rejected' ELSE 'awarded' END,
      awarded_at = coalesce(awarded_at, '2025-10-01T00:00:00Z'), created_at = created_at - interval '1 year'
      WHERE user_id IN (${dee}, ${eve})`);
    await expectKeptAsCounted('an update of many rows');
    // An upsert that lands on an existing row, a new PI, a new saver, and written columns that change nothing.
    await db.execute(sql`INSERT INTO applications (user_id, grant_id, status, created_at) VALUES (${dee}, ${g1}, 'drafting', now())
      ON CONFLICT (user_id, grant_id) DO UPDATE SET status = 'awarded', awarded_at = '2026-01-01T00:00:00Z', submitted_at = NULL`);
    await db.execute(sql`UPDATE applications SET user_id = ${dee} WHERE user_id = ${eve} AND grant_id = ${g3}`);
    await db.execute(sql`UPDATE saved_grants SET created_at = created_at, user_id = ${eve} WHERE user_id = ${dee} AND grant_id = ${g3}`);
    await db.execute(sql`UPDATE applications SET status = status WHERE user_id = ${dee}`);
    await expectKeptAsCounted('upserts and a new PI');
    // Cascades: a grant with its applications and saves, then the people with theirs.
    await db.execute(sql`DELETE FROM grants WHERE id = ${g1}`);
    await expectKeptAsCounted('a grant deleted');
    await agree(2025);
    await db.execute(sql`DELETE FROM users WHERE id IN (${dee}, ${eve})`);
    await expectKeptAsCounted('the people deleted');
    expect(
      await queryRows(db, sql`SELECT * FROM researcher_activity_years
        WHERE user_id IN (${dee}, ${eve}) AND (started, submitted, awarded, saved) <> (0, 0, 0, 0)`),
    ).toEqual([]);
  });

  it('leaves out a removed member and follows a change of department', async () => {
    await db.execute(sql`UPDATE users SET status = 'deactivated' WHERE id = ${people.ben}`);
    await db.execute(sql`UPDATE users SET department = 'Physics' WHERE id = ${people.ana}`);
    expect(Object.keys(await agree(2025))).toEqual(['Ana', 'Cy']);
    expect((await professorActivityByYears(db, { ...scope, department: 'Physics' }, [2025, 2025], 100)).map((r) => r.name)).toEqual(['Ana']);
  });

  it('is filled by migration 0035 exactly as its triggers keep it', async () => {
    const kept = await queryRows(db, sql`SELECT * FROM researcher_activity_years WHERE started + submitted + awarded + saved <> 0 ORDER BY 1, 2`);
    expect(kept).toHaveLength(3); // Ana's: started in FY2022, submitted in FY2025, saved in FY2026
    const migration = fs.readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/0035_researcher_activity_years.sql'),
      'utf8',
    );
    const fill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(fill).toContain('INSERT INTO researcher_activity_years');
    await db.execute(sql`DELETE FROM researcher_activity_years`);
    await db.execute(sql.raw(fill));
    expect(await queryRows(db, sql`SELECT * FROM researcher_activity_years ORDER BY 1, 2`)).toEqual(kept);
  });

  it('is put right by the nightly check when rows drift, and left alone when they agree', async () => {
    const kept = await queryRows(db, sql`SELECT * FROM researcher_activity_years ORDER BY 1, 2`);
    expect(await reconcileResearcherActivityYears(db)).toBe(0);
    // Three kinds of drift: a count changed, a row lost, a row nothing counts.
    await db.execute(sql`UPDATE researcher_activity_years SET submitted = 7 WHERE user_id = ${people.ana} AND fiscal_year = 2025`);
    await db.execute(sql`DELETE FROM researcher_activity_years WHERE user_id = ${people.ana} AND fiscal_year = 2026`);
    await db.execute(sql`INSERT INTO researcher_activity_years (user_id, fiscal_year, started) VALUES (${people.cy}, 2019, 4)`);
    await db.execute(sql`INSERT INTO researcher_activity_years (user_id, fiscal_year) VALUES (${people.cy}, 2018)`); // all zero: not wrong
    expect(await reconcileResearcherActivityYears(db)).toBe(3);
    expect(await queryRows(db, sql`SELECT * FROM researcher_activity_years ORDER BY 1, 2`)).toEqual(kept);
    expect(await agree(2025)).toEqual({ Ana: [0, 1, 0, 0], Cy: [0, 0, 0, 0] });
  });
});
