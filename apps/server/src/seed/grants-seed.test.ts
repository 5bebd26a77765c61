// A real Grants.gov extract imported into a demo database (whose grant dates
// were moved forward) still compares records by their published version.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import { loadConfig } from '../config';
import { importGrantsExtract } from '../modules/grants/import/import-extract';
import type { Database } from '../db/client';
import { setMeta } from '../db/meta';
import { vectorMismatches } from '../modules/grants/import/test-extracts.repository';
import { loadShippedGrants, shiftDemoGrantDates } from './grants-seed';

const ns = 'http://apply.grants.gov/system/OpportunityDetail-V1.0';

/** Two older grants beside the one under test, so the demo shift that opens about a third is 3 years. */
const olderGrants = [
  ['777002', '01012020'],
  ['777003', '01012019'],
]
  .map(
    ([id, close]) => `<OpportunitySynopsisDetail_1_0>
<OpportunityID>${id}</OpportunityID><OpportunityNumber>SEED-${id}</OpportunityNumber>
<OpportunityTitle>Older program ${id}</OpportunityTitle>
<PostDate>01012018</PostDate><CloseDate>${close}</CloseDate><LastUpdatedDate>01012018</LastUpdatedDate>
</OpportunitySynopsisDetail_1_0>`,
  )
  .join('\n');

function extract(description: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Grants xmlns="${ns}">
${olderGrants}
<OpportunitySynopsisDetail_1_0>
<OpportunityID>777001</OpportunityID><OpportunityNumber>SEED-777001</OpportunityNumber>
<OpportunityTitle>Coastal wetland carbon research</OpportunityTitle>
<AgencyCode>NSF</AgencyCode><AgencyName>National Science Foundation</AgencyName>
<PostDate>01102024</PostDate><CloseDate>03152024</CloseDate><LastUpdatedDate>01102024</LastUpdatedDate>
<AwardCeiling>300000</AwardCeiling><Description>${description}</Description>
</OpportunitySynopsisDetail_1_0>
</Grants>
`;
}

describe('the demo date shift', () => {
  // Each test starts from a database of its own: both shift once, on an empty catalogue.
  let database: Database;
  let dir: string;
  beforeEach(async () => {
    database = await openTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-seed-'));
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves the dates but not LastUpdatedDate, so the real record replaces the shifted one once', async () => {
    const original = path.join(dir, 'original.xml');
    fs.writeFileSync(original, extract('Carbon burial in salt marshes.'));
    await importGrantsExtract(database.db, original, { today: '2026-11-22' });

    const years = await shiftDemoGrantDates(database.db, '2026-11-22');
    expect(years).toBe(3);
    type Stored = { close_date: string; last_updated: string; description: string; status: string };
    const read = async () => {
      const result = await database.db.execute(
        sql`select close_date::text, last_updated::text, description, status from grants where source_key = '777001'`,
      );
      return (result as unknown as { rows: Stored[] }).rows[0]!;
    };
    const shifted = await read();
    expect(shifted.close_date).toBe('2027-03-15');
    expect(shifted.last_updated).toBe('2024-01-10');

    // The same published version with corrected text: an update, back to the real dates.
    const real = path.join(dir, 'real.xml');
    fs.writeFileSync(real, extract('Carbon burial in salt marshes and mangroves.'));
    const first = await importGrantsExtract(database.db, real, { today: '2026-11-22' });
    expect(first).toMatchObject({ read: 3, updated: 3, unchanged: 0 });
    expect(await read()).toMatchObject({
      close_date: '2024-03-15',
      description: 'Carbon burial in salt marshes and mangroves.',
      status: 'closed',
    });
    const second = await importGrantsExtract(database.db, real, { today: '2026-11-22' });
    expect(second).toMatchObject({ read: 3, updated: 0, unchanged: 3 });
  });

  it('moves only the grants its import stored or changed, never one twice', async () => {
    const closeOf = async (key: string) => {
      const result = await database.db.execute(sql`select close_date::text from grants where source_key = ${key}`);
      return (result as unknown as { rows: { close_date: string }[] }).rows[0]!.close_date;
    };
    const first = path.join(dir, 'first.xml');
    fs.writeFileSync(first, extract('Carbon burial in salt marshes.'));
    await importGrantsExtract(database.db, first, { today: '2026-11-22' });
    await setMeta(database.db, 'shipped_grants_fingerprint', 'version 1');
    expect(await shiftDemoGrantDates(database.db, '2026-11-22')).toBe(3);
    expect(await closeOf('777001')).toBe('2027-03-15');
    expect(await closeOf('777002')).toBe('2023-01-01');

    // Version 2 of the shipped file adds one grant; the others are as they were.
    const second = path.join(dir, 'second.xml');
    fs.writeFileSync(
      second,
      `<?xml version="1.0" encoding="UTF-8"?>
<Grants xmlns="${ns}">
<OpportunitySynopsisDetail_1_0>
<OpportunityID>777009</OpportunityID><OpportunityNumber>SEED-777009</OpportunityNumber>
<OpportunityTitle>Estuary monitoring</OpportunityTitle>
<PostDate>01102024</PostDate><CloseDate>03152024</CloseDate><LastUpdatedDate>01102024</LastUpdatedDate>
</OpportunitySynopsisDetail_1_0>
</Grants>
`,
    );
    await importGrantsExtract(database.db, second, { today: '2026-11-22' });
    await setMeta(database.db, 'shipped_grants_fingerprint', 'version 2');
    expect(await shiftDemoGrantDates(database.db, '2026-11-22')).toBe(3);
    expect(await closeOf('777009')).toBe('2027-03-15');
    // Not shifted a second time.
    expect(await closeOf('777001')).toBe('2027-03-15');
    expect(await closeOf('777002')).toBe('2023-01-01');
  });
});

describe('the shipped catalogue', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-shipped-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loads once through the importer, and the demo shift opens about a third', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
    const summary = await loadShippedGrants(database.db, config);
    // Grants.gov's 23 test postings in the extract (IV&V Test Agency) fund nothing and are not stored.
    expect(summary).toMatchObject({ read: 4060, inserted: 4037, rejected: 23 });
    expect(await vectorMismatches(database.db)).toEqual([]);
    expect(await loadShippedGrants(database.db, config)).toBeNull();

    const years = await shiftDemoGrantDates(database.db, '2026-11-22');
    expect(years).toBeGreaterThan(0);
    expect(await shiftDemoGrantDates(database.db, '2026-11-22')).toBeNull();
    const result = await database.db.execute(
      sql`select count(*) filter (where status in ('posted', 'forecasted'))::int as open, count(*)::int as total from grants`,
    );
    const [counts] = (result as unknown as { rows: { open: number; total: number }[] }).rows;
    expect(counts!.open / counts!.total).toBeGreaterThan(0.25);
    expect(counts!.open / counts!.total).toBeLessThan(0.42);
  }, 60_000);
});
