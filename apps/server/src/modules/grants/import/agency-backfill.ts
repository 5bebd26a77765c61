// Works out the agencies of stored grants that have none yet (a catalogue
// stored before grants.agency_keys existed), or of every grant when they were
// worked out by other rules (agencyRulesVersion); run at start, under the
// startup lock, like the embedding backfill. New imports set them as they
// write (enrich-record.ts).
import type { Db } from '../../../db/client';
import { getMeta, setMeta } from '../../../db/meta';
import { agencyKeysFor, agencyRulesVersion } from '../agency-keys';
import { findGrantsForAgencyKeys, setGrantAgencyKeys } from '../grants.repository';
import { loadAssistanceListings } from './enrich-record';
/** Returns how many grants were given their agencies. */
export async function backfillAgencyKeys(db: Db, pageSize = 1000): Promise<number> {
  const all = (await getMeta(db, rulesKey)) !== agencyRulesVersion;
  const filled = await workOut(db, pageSize, all);
  if (all) await setMeta(db, rulesKey, agencyRulesVersion);
  return filled;
}

const rulesKey = 'agency_keys_rules_version';

/**
 * Records that every stored grant's agencies follow the current rules: after
 * the first import into an empty database, which worked them out as it wrote,
 * so the first start does not work out all of them a second time.
 */
export async function markAgencyKeysCurrent(db: Db): Promise<void> {
  await setMeta(db, rulesKey, agencyRulesVersion);
}

async function workOut(db: Db, pageSize: number, all: boolean): Promise<number> {
  let filled = 0;
  let afterId: string | null = null;
  for (;;) {
    const page: Awaited<ReturnType<typeof findGrantsForAgencyKeys>> = await findGrantsForAgencyKeys(
      db,
      afterId,
      pageSize,
      all,
    );
    if (page.length === 0) return filled;
    // Read (2.5 MB, then cached) only when a grant needs it, not at every start.
    const listings = loadAssistanceListings();
    await setGrantAgencyKeys(
      db,
      page.map((g) => ({
        id: g.id,
        keys: agencyKeysFor({
          agency: g.agency,
          agencyCode: g.agency_code,
          opportunityNumber: g.opportunity_number,
          cfdaNumbers: g.cfda_numbers ?? [],
          listingAgencies: (g.cfda_numbers ?? []).flatMap((n) => listings.get(n)?.agency ?? []),
        }),
      })),
    );
    filled += page.length;
    afterId = page[page.length - 1]!.id;
  }
}
