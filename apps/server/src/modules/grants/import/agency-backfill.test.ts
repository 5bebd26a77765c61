// A start works out again the agencies of grants worked out by other rules
// (here: before the Army, the Navy and the Air Force were agencies of their
// own), once, and afterwards only those without any.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGrant } from '../../../../test/factories';
import { openTestDatabase } from '../../../../test/test-app';
import type { Database } from '../../../db/client';
import { getMeta, setMeta } from '../../../db/meta';
import { agencyRulesVersion } from '../agency-keys';
import { backfillAgencyKeys } from './agency-backfill';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const keysOf = async (id: string) =>
  (
    (await database.db.execute(
      sql`SELECT agency_keys FROM grants WHERE id = ${id}`,
    )) as unknown as {
      rows: { agency_keys: string[] | null }[];
    }
  ).rows[0]!.agency_keys;

describe('backfillAgencyKeys', () => {
  it('works every grant out again when the rules changed, then only grants without agencies', async () => {
    const db = database.db;
    const afrl = await makeGrant(db, { agency: 'Air Force -- Research Lab', agencyCode: null });
    const army = await makeGrant(db, { agency: 'Dept. of the Army -- USAMRAA', agencyCode: null });
    // As an earlier version stored them.
    await db.execute(
      sql`UPDATE grants SET agency_keys = ARRAY['DOD']::text[] WHERE id IN (${afrl.id}, ${army.id})`,
    );
    await setMeta(db, 'agency_keys_rules_version', '1');

    expect(await backfillAgencyKeys(db)).toBeGreaterThanOrEqual(2);
    expect(await keysOf(afrl.id)).toEqual(['AFRL', 'DOD', 'USAF']);
    expect(await keysOf(army.id)).toEqual(['ARMY', 'DOD']);
    expect(await getMeta(db, 'agency_keys_rules_version')).toBe(agencyRulesVersion);

    // Same rules: a grant someone left without agencies is the only one worked out.
    await db.execute(sql`UPDATE grants SET agency_keys = NULL WHERE id = ${army.id}`);
    await db.execute(
      sql`UPDATE grants SET agency_keys = ARRAY['NSF']::text[] WHERE id = ${afrl.id}`,
    );
    expect(await backfillAgencyKeys(db)).toBe(1);
    expect(await keysOf(army.id)).toEqual(['ARMY', 'DOD']);
    expect(await keysOf(afrl.id)).toEqual(['NSF']);
  });
});
